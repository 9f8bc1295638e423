"""Scenes: menu, unit mode, the table, settings, stats, help, results."""
