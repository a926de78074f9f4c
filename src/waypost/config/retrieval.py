"""Settings of the retrieval pipeline, nested into :class:`waypost.config.Settings` as ``retrieval``."""

from __future__ import annotations

from pathlib import Path
from typing import Literal

from pydantic import Field
from pydantic_settings import BaseSettings, SettingsConfigDict


class RetrievalSettings(BaseSettings):
    """How targets in plain words are found and acted on.

    Each field can be set as ``WAYPOST_RETRIEVAL_<FIELD>``.
    """

    model_config = SettingsConfigDict(env_prefix="WAYPOST_RETRIEVAL_", extra="forbid")

    top_k: int = Field(
        5, ge=1, le=20, description="Candidates shown to a chooser, to observe() and when unsure."
    )
    confidence: float = Field(
        0.5, ge=0, le=1, description="Below this p(element | query) the best candidate is not acted on alone."
    )
    tie_margin: float = Field(
        0.12, ge=0, le=1, description="If the runner-up is this close to the best, the choice is a tie."
    )
    min_p: float = Field(
        0.08, ge=0, le=1, description="Below this p the best candidate is not a match at all: 'not found'."
    )
    max_tries: int = Field(
        4, ge=1, le=20, description="Candidates validated, best first, before giving up (validation only)."
    )
    memory: bool = Field(True, description="Try selectors that worked before on the same page first.")
    telemetry: bool = Field(True, description="Log every action (query, top-k, selector, outcome) to SQLite.")
    action_timeout: float = Field(5.0, gt=0, description="Seconds one click, fill or select may take.")
    settle_timeout: float = Field(
        3.0, ge=0, description="Seconds to wait after an action for navigation and network to settle."
    )
    consent_choice: Literal["reject", "accept"] = Field(
        "reject", description="Which button dismiss_overlays presses on a cookie banner."
    )
    max_elements: int = Field(
        5000, ge=10, description="At most this many interactive elements are described per page scan."
    )
    inventory_timeout: float = Field(10.0, gt=0, description="Seconds one page scan may take.")
    answer_consent: bool = Field(
        False,
        description="When a cookie banner covers the target, answer it (with consent_choice) and look again. "
        "On for the plain act() function; agents get the banner reported and decide (dismiss_overlays).",
    )
    answer_popups: bool = Field(
        False,
        description="When a pop-up appears while an instruction runs and blocks its next step, press "
        "its one Cancel / Close / No button and try the step again. On for the plain act() function; "
        "agents get the pop-up reported and decide.",
    )
    weights_path: Path | None = Field(
        None,
        description="Re-ranker weights (JSON) to use instead of the shipped ones; by default "
        "<data_dir>/retrieval-weights.json is used when `waypost retrieval train` has written it.",
    )
