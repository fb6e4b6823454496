"""ck-mlir's version: the one project() declares in CMakeLists.txt (a test
keeps the two equal)."""

__version__ = "0.5.0"
