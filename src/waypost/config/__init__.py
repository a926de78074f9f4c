"""Settings: one tree, read from keyword arguments, then ``WAYPOST_*`` variables, then defaults."""

from waypost.config.archive import ArchiveSettings
from waypost.config.mcp import McpSettings
from waypost.config.retrieval import RetrievalSettings
from waypost.config.secrets import Secret, SecretStore
from waypost.config.settings import ModelSettings, RetrySettings, Settings, default_data_dir

__all__ = [
    "ArchiveSettings",
    "McpSettings",
    "ModelSettings",
    "RetrievalSettings",
    "RetrySettings",
    "Secret",
    "SecretStore",
    "Settings",
    "default_data_dir",
]
