#----------------------------------------------------------------
# Generated CMake target import file for configuration "RelWithDebInfo".
#----------------------------------------------------------------

# Commands may need to know the format version.
set(CMAKE_IMPORT_FILE_VERSION 1)

# Import target "AsyncPipe::fuse" for configuration "RelWithDebInfo"
set_property(TARGET AsyncPipe::fuse APPEND PROPERTY IMPORTED_CONFIGURATIONS RELWITHDEBINFO)
set_target_properties(AsyncPipe::fuse PROPERTIES
  IMPORTED_LOCATION_RELWITHDEBINFO "${_IMPORT_PREFIX}/bin/asyncpipe-fuse"
  )

list(APPEND _cmake_import_check_targets AsyncPipe::fuse )
list(APPEND _cmake_import_check_files_for_AsyncPipe::fuse "${_IMPORT_PREFIX}/bin/asyncpipe-fuse" )

# Import target "AsyncPipe::Runtime" for configuration "RelWithDebInfo"
set_property(TARGET AsyncPipe::Runtime APPEND PROPERTY IMPORTED_CONFIGURATIONS RELWITHDEBINFO)
set_target_properties(AsyncPipe::Runtime PROPERTIES
  IMPORTED_LINK_INTERFACE_LANGUAGES_RELWITHDEBINFO "CXX"
  IMPORTED_LOCATION_RELWITHDEBINFO "${_IMPORT_PREFIX}/lib/libasyncpipe_rt.a"
  )

list(APPEND _cmake_import_check_targets AsyncPipe::Runtime )
list(APPEND _cmake_import_check_files_for_AsyncPipe::Runtime "${_IMPORT_PREFIX}/lib/libasyncpipe_rt.a" )

# Import target "AsyncPipe::WorkGroup" for configuration "RelWithDebInfo"
set_property(TARGET AsyncPipe::WorkGroup APPEND PROPERTY IMPORTED_CONFIGURATIONS RELWITHDEBINFO)
set_target_properties(AsyncPipe::WorkGroup PROPERTIES
  IMPORTED_LINK_INTERFACE_LANGUAGES_RELWITHDEBINFO "C"
  IMPORTED_LOCATION_RELWITHDEBINFO "${_IMPORT_PREFIX}/lib/libasyncpipe_workgroup.a"
  )

list(APPEND _cmake_import_check_targets AsyncPipe::WorkGroup )
list(APPEND _cmake_import_check_files_for_AsyncPipe::WorkGroup "${_IMPORT_PREFIX}/lib/libasyncpipe_workgroup.a" )

# Import target "AsyncPipe::run-kernels" for configuration "RelWithDebInfo"
set_property(TARGET AsyncPipe::run-kernels APPEND PROPERTY IMPORTED_CONFIGURATIONS RELWITHDEBINFO)
set_target_properties(AsyncPipe::run-kernels PROPERTIES
  IMPORTED_LOCATION_RELWITHDEBINFO "${_IMPORT_PREFIX}/bin/asyncpipe-run-kernels"
  )

list(APPEND _cmake_import_check_targets AsyncPipe::run-kernels )
list(APPEND _cmake_import_check_files_for_AsyncPipe::run-kernels "${_IMPORT_PREFIX}/bin/asyncpipe-run-kernels" )

# Commands beyond this point should not need to know the version.
set(CMAKE_IMPORT_FILE_VERSION)
