"""Benchmarks: commands that print figures (``designer bench ...``), never timed tests."""
