# `cmake --install build --prefix P`: ck-mlir's libraries, headers, tools,
# plugin, runtime and the C API library libck_mlir_capi.so (for ck_mlir), a CMake package (find_package(CkMlir) gives the
# imported targets CkMlir::CKDialect, CkMlir::CKTransforms,
# CkMlir::CKConversion, CkMlir::CKPipelines, CkMlir::CKDriver,
# CkMlir::CKCAPI (the C API) and CkMlir::ckrt) and a
# pkg-config file for ckrt, and the Python package ck_mlir.
# examples/downstream builds against it.
include(GNUInstallDirs)
include(CMakePackageConfigHelpers)

set(CK_PACKAGE_DIR ${CMAKE_INSTALL_LIBDIR}/cmake/CkMlir)

# The compiler libraries (static, linking libMLIR.so) and what they need.
set(CK_EXPORTED_LIBRARIES
  CKDialect CKUtils CKTarget CKTransforms CKConversion CKPipelines CKDriver
  CKProblem CKSchedule CKTuning CKCAPI)
foreach(lib ${CK_EXPORTED_LIBRARIES})
  target_include_directories(${lib} INTERFACE
    $<INSTALL_INTERFACE:${CMAKE_INSTALL_INCLUDEDIR}>)
endforeach()
target_include_directories(ckrt INTERFACE
  $<INSTALL_INTERFACE:${CMAKE_INSTALL_INCLUDEDIR}>)
install(TARGETS ${CK_EXPORTED_LIBRARIES} ckrt
  EXPORT CkMlirTargets
  ARCHIVE DESTINATION ${CMAKE_INSTALL_LIBDIR}
  LIBRARY DESTINATION ${CMAKE_INSTALL_LIBDIR})
install(EXPORT CkMlirTargets NAMESPACE CkMlir:: DESTINATION ${CK_PACKAGE_DIR})

install(TARGETS ck-opt ck-compile ck-bench ckrt-info
  RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})
install(TARGETS CKPlugin ck_mlir_capi LIBRARY DESTINATION ${CMAKE_INSTALL_LIBDIR})

# Headers: the sources' and the generated ones (ODS, pass declarations,
# Version.h).
install(DIRECTORY include/ck include/ck-c
  DESTINATION ${CMAKE_INSTALL_INCLUDEDIR}
  FILES_MATCHING PATTERN "*.h" PATTERN "*.hpp" PATTERN "*.td")
install(DIRECTORY ${PROJECT_BINARY_DIR}/include/ck
  DESTINATION ${CMAKE_INSTALL_INCLUDEDIR}
  FILES_MATCHING PATTERN "*.inc" PATTERN "*.h"
  PATTERN "CMakeFiles" EXCLUDE)

configure_package_config_file(cmake/CkMlirConfig.cmake.in
  ${PROJECT_BINARY_DIR}/CkMlirConfig.cmake
  INSTALL_DESTINATION ${CK_PACKAGE_DIR}
  PATH_VARS CMAKE_INSTALL_INCLUDEDIR)
write_basic_package_version_file(${PROJECT_BINARY_DIR}/CkMlirConfigVersion.cmake
  COMPATIBILITY SameMinorVersion)
install(FILES ${PROJECT_BINARY_DIR}/CkMlirConfig.cmake
  ${PROJECT_BINARY_DIR}/CkMlirConfigVersion.cmake
  DESTINATION ${CK_PACKAGE_DIR})

# The Python package ck_mlir, where the interpreter CMake finds looks
# (lib/python3.X/dist-packages under the prefix, Debian's layout), with
# _installed.py giving it the install's lib and bin directories relative
# to itself (any --prefix works).
find_package(Python3 COMPONENTS Interpreter)
if(Python3_FOUND)
  set(CK_PYTHON_INSTALL_DIR
    "${CMAKE_INSTALL_LIBDIR}/python${Python3_VERSION_MAJOR}.${Python3_VERSION_MINOR}/dist-packages"
    CACHE STRING "Where cmake --install puts the ck_mlir package (relative to the prefix)")
  install(DIRECTORY python/ck_mlir DESTINATION ${CK_PYTHON_INSTALL_DIR}
    PATTERN "__pycache__" EXCLUDE)
  file(RELATIVE_PATH ck_python_to_lib
    "/prefix/${CK_PYTHON_INSTALL_DIR}/ck_mlir" "/prefix/${CMAKE_INSTALL_LIBDIR}")
  file(RELATIVE_PATH ck_python_to_bin
    "/prefix/${CK_PYTHON_INSTALL_DIR}/ck_mlir" "/prefix/${CMAKE_INSTALL_BINDIR}")
  file(WRITE ${PROJECT_BINARY_DIR}/python/_installed.py
    "# Written by cmake --install: ck's directories relative to this package.\n"
    "LIB_DIR = \"${ck_python_to_lib}\"\n"
    "BIN_DIR = \"${ck_python_to_bin}\"\n")
  install(FILES ${PROJECT_BINARY_DIR}/python/_installed.py
    DESTINATION ${CK_PYTHON_INSTALL_DIR}/ck_mlir)
endif()

configure_file(cmake/ckrt.pc.in ${PROJECT_BINARY_DIR}/ckrt.pc @ONLY)
install(FILES ${PROJECT_BINARY_DIR}/ckrt.pc
  DESTINATION ${CMAKE_INSTALL_LIBDIR}/pkgconfig)
