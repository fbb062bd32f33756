"""One module per game; each registers its rule set with ``rules.registry.register``."""
