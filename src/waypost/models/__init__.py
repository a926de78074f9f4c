"""The chat models: an OpenAI-compatible factory, a local GGUF model, and the offline planner.

:func:`make_model` picks one by name (``None``/``"offline"``, ``"local:PATH"``, or an
OpenAI-compatible model). They sit below the engine (``waypost.agent``), which drives whichever
it is given, and above Planner-RAG (``waypost.planning``), whose rules the offline planner uses.
"""

from waypost.models.factory import make_model, memory_threshold, supports_strict

__all__ = ["make_model", "memory_threshold", "supports_strict"]
