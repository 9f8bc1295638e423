"""Phones as private hands and seat buttons (issue 17)."""
