"""Rag mode as a run extension: Planner-RAG's evidence tools and small page views in an agent run."""
