"""The package's version: always the C library's frond_version() it was made for."""

__version__ = "0.1.0"
