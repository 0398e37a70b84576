"""gpcalc — chess Grand Prix season standings, with every number explained."""

__version__ = "0.1.0"
