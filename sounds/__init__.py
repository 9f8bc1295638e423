"""The table's sounds, shipped as package data (`haudrauf.sounds`): see README.md."""
