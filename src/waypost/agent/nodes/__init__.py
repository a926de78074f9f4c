"""The agent graph's nodes, one per module; each module has a ``make_<name>_node(ctx)`` factory."""

from waypost.agent.nodes.agent import make_agent_node
from waypost.agent.nodes.critical_action_validator import make_critical_action_validator_node
from waypost.agent.nodes.goal_validator import make_goal_validator_node
from waypost.agent.nodes.human_in_loop import make_human_in_loop_node
from waypost.agent.nodes.memory_manager import make_memory_manager_node
from waypost.agent.nodes.progress_analyzer import make_progress_analyzer_node
from waypost.agent.nodes.progress_reporter import make_progress_reporter_node
from waypost.agent.nodes.quality_evaluator import make_quality_evaluator_node
from waypost.agent.nodes.self_corrector import make_self_corrector_node
from waypost.agent.nodes.strategy_adapter import make_strategy_adapter_node
from waypost.agent.nodes.tools import make_tools_node

__all__ = [
    "make_agent_node",
    "make_critical_action_validator_node",
    "make_goal_validator_node",
    "make_human_in_loop_node",
    "make_memory_manager_node",
    "make_progress_analyzer_node",
    "make_progress_reporter_node",
    "make_quality_evaluator_node",
    "make_self_corrector_node",
    "make_strategy_adapter_node",
    "make_tools_node",
]
