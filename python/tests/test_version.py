"""ck_mlir.__version__ is the version CMakeLists.txt's project() declares,
the one the tools print and the plans record."""

import pathlib
import re

import ck_mlir

ROOT = pathlib.Path(__file__).resolve().parents[2]


def test_version_matches_cmake_project():
    text = (ROOT / "CMakeLists.txt").read_text()
    match = re.search(r"project\(ck-mlir VERSION (\d+\.\d+\.\d+)", text)
    assert match, "CMakeLists.txt declares no project VERSION"
    assert ck_mlir.__version__ == match.group(1)


def test_version_is_exported():
    assert "__version__" in ck_mlir.__all__
