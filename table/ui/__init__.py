"""Drawing helpers shared by every scene: theme, text, buttons, the unit."""
