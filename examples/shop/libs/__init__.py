"""Shared helpers for the shop's Python services."""
