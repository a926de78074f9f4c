"""The agent graph: a LangGraph ``StateGraph`` whose nodes route with ``Command(goto=...)``.

::

    START → agent ─┬─ final_answer ─► goal_validator ─┬─► quality_evaluator → END
                   │                                  └─► progress_reporter (turned down)
                   ├─ tool calls ──► critical_action_validator ─┬─► tools
                   │                                            ├─► human_in_loop ─► critical_action_validator
                   │                                            └─► progress_reporter (refused)
                   └─ budget spent / model failing ─► quality_evaluator
    tools ─┬─► self_corrector ─► progress_analyzer
           └─► progress_analyzer ─┬─► progress_reporter ─┬─► agent
                                  ├─► strategy_adapter ─┘└─► memory_manager ─► agent
                                  └─► quality_evaluator (loop budget spent)

There are no conditional edges: every node decides where the run goes next.
"""

from __future__ import annotations

from typing import Any

from langgraph.graph import START, StateGraph

from waypost.agent import nodes
from waypost.agent.context import AgentContext
from waypost.agent.nodes import (
    agent,
    critical_action_validator,
    goal_validator,
    human_in_loop,
    memory_manager,
    progress_analyzer,
    progress_reporter,
    quality_evaluator,
    self_corrector,
    strategy_adapter,
    tools,
)
from waypost.agent.state import AgentState

NODES = (
    (agent, nodes.make_agent_node),
    (tools, nodes.make_tools_node),
    (critical_action_validator, nodes.make_critical_action_validator_node),
    (human_in_loop, nodes.make_human_in_loop_node),
    (goal_validator, nodes.make_goal_validator_node),
    (progress_analyzer, nodes.make_progress_analyzer_node),
    (strategy_adapter, nodes.make_strategy_adapter_node),
    (quality_evaluator, nodes.make_quality_evaluator_node),
    (self_corrector, nodes.make_self_corrector_node),
    (progress_reporter, nodes.make_progress_reporter_node),
    (memory_manager, nodes.make_memory_manager_node),
)
NODE_NAMES = tuple(module.NAME for module, _ in NODES)


def build_graph(ctx: AgentContext) -> StateGraph:
    """The agent's ``StateGraph`` (not compiled), with every node bound to ``ctx``."""
    graph = StateGraph(AgentState)
    for module, factory in NODES:
        graph.add_node(module.NAME, factory(ctx), destinations=tuple(module.DESTINATIONS))
    graph.add_edge(START, agent.NAME)
    return graph


def compile_graph(ctx: AgentContext, checkpointer: Any = None) -> Any:
    """The compiled graph, checkpointed by ``checkpointer`` if given."""
    return build_graph(ctx).compile(checkpointer=checkpointer)
