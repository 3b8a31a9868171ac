"""`pnp serve`: a local web app beside the CLI, on the same registry, spec loader, build,
validator and analysis (see ``pnp.web.app``)."""
