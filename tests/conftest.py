"""Shared test settings: a deterministic hypothesis profile for CI."""

from hypothesis import HealthCheck, settings

settings.register_profile(
    "default", max_examples=300, deadline=None, derandomize=True,
    suppress_health_check=[HealthCheck.too_slow],
)
settings.load_profile("default")
