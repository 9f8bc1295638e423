"""The interface font (DejaVu), shipped as package data (`haudrauf.assets`): see README.md."""
