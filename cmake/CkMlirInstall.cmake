# `cmake --install build --prefix P`: ck-mlir's libraries, headers, tools,
# plugin, runtime and the C API library libck_mlir_capi.so (for ck_mlir), a CMake package (find_package(CkMlir) gives the
# imported targets CkMlir::CKDialect, CkMlir::CKTransforms,
# CkMlir::CKConversion, CkMlir::CKPipelines, CkMlir::CKDriver,
# CkMlir::CKCAPI (the C API) and CkMlir::ckrt) and a
# pkg-config file for ckrt. examples/downstream builds against it.
include(GNUInstallDirs)
include(CMakePackageConfigHelpers)

set(CK_PACKAGE_DIR ${CMAKE_INSTALL_LIBDIR}/cmake/CkMlir)

# The compiler libraries (static, linking libMLIR.so) and what they need.
set(CK_EXPORTED_LIBRARIES
  CKDialect CKUtils CKTarget CKTransforms CKConversion CKPipelines CKDriver
  CKProblem CKTuning CKCAPI)
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

configure_file(cmake/ckrt.pc.in ${PROJECT_BINARY_DIR}/ckrt.pc @ONLY)
install(FILES ${PROJECT_BINARY_DIR}/ckrt.pc
  DESTINATION ${CMAKE_INSTALL_LIBDIR}/pkgconfig)
