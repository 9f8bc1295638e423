"""The state diagram in device/README.md is generated from the machine."""
from pathlib import Path

from haudrauf.device.diagram import BEGIN, mermaid
from haudrauf.device.machine import TRANSITIONS, UnitState

README = Path(__file__).resolve().parents[2] / "device" / "README.md"


def test_readme_diagram_is_current():
    text = README.read_text()
    assert BEGIN in text, "device/README.md lost its generated diagram"
    assert f"{BEGIN}\n{mermaid()}\n" in text, "regenerate it: python -m haudrauf.device.diagram"


def test_diagram_shows_every_state_and_transition():
    diagram = mermaid()
    for state in UnitState:
        assert f"{state.name.lower()}: {state.value}" in diagram
    assert "paused --> turn: resume [was turn]" in diagram
    assert "asleep --> timed_out: wake [was timed out]" in diagram
    edges = [line for line in diagram.splitlines() if "-->" in line and "[*]" not in line]
    expected = sum(len(t["source"]) if isinstance(t["source"], list) else 1 for t in TRANSITIONS)
    assert len(edges) == expected
