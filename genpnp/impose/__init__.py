"""Imposition: pieces -> pages of placements and marks (geometry only, in points)."""
