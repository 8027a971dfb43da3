# AsyncPipeConfig.cmake - the installed AsyncPipe, for find_package(AsyncPipe).
#
# Provides:
#   ASYNCPIPE_VERSION        this AsyncPipe's version
#   ASYNCPIPE_PLUGIN         the plugin library (AsyncPipe.so)
#   ASYNCPIPE_INCLUDE_DIRS   the directory holding <asyncpipe/*.h>
#   ASYNCPIPE_CLANG          the LLVM 22 clang the plugin was built for
#   ASYNCPIPE_COMPILE_OPTIONS  -fpass-plugin=... and -I... for a clang compile
#   AsyncPipe::AsyncPipe     interface target adding the plugin and the
#                            headers to a target compiled by that clang
#                            (e.g. CUDA or HIP sources with CMAKE_<LANG>_COMPILER
#                            set to it)
#   AsyncPipe::Runtime       the host runtime (static library; its headers
#                            are <asyncpipe/asyncpipe_rt.h> and
#                            <asyncpipe/asyncpipe_host.h>; links the C++
#                            runtime and threads)
#   AsyncPipe::fuse          the asyncpipe-fuse tool
#   ASYNCPIPE_HIPCC          asyncpipe-hipcc: LLVM 22's clang++ driven like
#                            hipcc against the system's ROCm, with the plugin
#                            (for host+device HIP programs; see its header)
#   asyncpipe_add_kernel(<name> SOURCE <file> LANGUAGE OpenCL|HIP|CUDA
#                        ARCH <gfx942|sm_80|...> [OUTPUT_KIND object|assembly|llvm-ir]
#                        [DEVICE_LIB_PATH <dir>] [OPTIONS <clang options>...])
#       compiles one kernel source for one GPU with the plugin, without ROCm
#       (HIP: -nogpuinc -nogpulib, device code only) unless ASYNCPIPE_ROCM_PATH
#       (e.g. /usr for Debian's libamdhip64-dev and rocm-device-libs) or
#       DEVICE_LIB_PATH is set; then with ROCm's headers and device libraries
#       and the flags asyncpipe-hipcc adds for that ROCm (HIP 5: code object 5,
#       __AMDGCN_WAVEFRONT_SIZE, the device libraries by name); the output is <name>.o / .s / .ll in the current binary
#       directory, built by the custom target <name>, and its path is in the
#       variable <name>_OUTPUT. It is rebuilt when the source, a header it
#       includes, or the plugin changes.
#
# Linking AsyncPipe::AsyncPipe into a target compiled by anything but LLVM 22's
# clang is a configure-time error: the plugin loads into no other compiler.


####### Expanded from @PACKAGE_INIT@ by configure_package_config_file() #######
####### Any changes to this file will be overwritten by the next CMake run ####
####### The input file was AsyncPipeConfig.cmake.in                            ########

get_filename_component(PACKAGE_PREFIX_DIR "${CMAKE_CURRENT_LIST_DIR}/../../../" ABSOLUTE)

macro(set_and_check _var _file)
  set(${_var} "${_file}")
  if(NOT EXISTS "${_file}")
    message(FATAL_ERROR "File or directory ${_file} referenced by variable ${_var} does not exist !")
  endif()
endmacro()

macro(check_required_components _NAME)
  foreach(comp ${${_NAME}_FIND_COMPONENTS})
    if(NOT ${_NAME}_${comp}_FOUND)
      if(${_NAME}_FIND_REQUIRED_${comp})
        set(${_NAME}_FOUND FALSE)
      endif()
    endif()
  endforeach()
endmacro()

####################################################################################

set(ASYNCPIPE_VERSION "0.1.0")
set_and_check(ASYNCPIPE_INCLUDE_DIRS "${PACKAGE_PREFIX_DIR}/include")
set_and_check(ASYNCPIPE_PLUGIN "${PACKAGE_PREFIX_DIR}/lib/AsyncPipe.so")
set(ASYNCPIPE_CLANG "/usr/lib/llvm-22/bin/clang" CACHE FILEPATH
    "The LLVM 22 clang that loads the AsyncPipe plugin")
set_and_check(ASYNCPIPE_HIPCC "${PACKAGE_PREFIX_DIR}/bin/asyncpipe-hipcc")
set(ASYNCPIPE_COMPILE_OPTIONS
    "-fpass-plugin=${ASYNCPIPE_PLUGIN}" "-I${ASYNCPIPE_INCLUDE_DIRS}")

# AsyncPipe::Runtime links threads; FindThreads needs C or C++ (a project of
# kernels only, LANGUAGES NONE, does not link the runtime).
get_property(_asyncpipe_languages GLOBAL PROPERTY ENABLED_LANGUAGES)
if("C" IN_LIST _asyncpipe_languages OR "CXX" IN_LIST _asyncpipe_languages)
  include(CMakeFindDependencyMacro)
  find_dependency(Threads)
endif()
if(NOT TARGET AsyncPipe::Runtime)
  include("${CMAKE_CURRENT_LIST_DIR}/AsyncPipeTargets.cmake")
endif()

if(NOT TARGET AsyncPipe::AsyncPipe)
  add_library(AsyncPipe::AsyncPipe INTERFACE IMPORTED)
  set_target_properties(AsyncPipe::AsyncPipe PROPERTIES
    INTERFACE_INCLUDE_DIRECTORIES "${ASYNCPIPE_INCLUDE_DIRS}"
    INTERFACE_COMPILE_OPTIONS "-fpass-plugin=${ASYNCPIPE_PLUGIN}")
endif()

# The compiler guard. Interface options cannot fail a build early, so at the
# end of the top-level directory every target that links AsyncPipe::AsyncPipe
# is checked: each language of its sources must be compiled by clang 22.
function(_asyncpipe_check_compilers_in dir)
  get_property(targets DIRECTORY "${dir}" PROPERTY BUILDSYSTEM_TARGETS)
  foreach(target IN LISTS targets)
    get_target_property(type ${target} TYPE)
    if(type STREQUAL "INTERFACE_LIBRARY" OR type STREQUAL "UTILITY")
      continue()
    endif()
    get_target_property(libs ${target} LINK_LIBRARIES)
    if(NOT "AsyncPipe::AsyncPipe" IN_LIST libs)
      continue()
    endif()
    get_target_property(sources ${target} SOURCES)
    get_property(languages GLOBAL PROPERTY ENABLED_LANGUAGES)
    foreach(lang IN LISTS languages)
      if(NOT lang MATCHES "^(C|CXX|CUDA|HIP|OBJC|OBJCXX)$")
        continue()
      endif()
      set(used FALSE)
      foreach(source IN LISTS sources)
        get_filename_component(ext "${source}" LAST_EXT)
        string(SUBSTRING "${ext}" 1 -1 ext)
        get_source_file_property(source_lang "${source}"
                                 TARGET_DIRECTORY ${target} LANGUAGE)
        if(source_lang STREQUAL lang OR
           (NOT source_lang AND ext IN_LIST CMAKE_${lang}_SOURCE_FILE_EXTENSIONS))
          set(used TRUE)
        endif()
      endforeach()
      set(suggested "${ASYNCPIPE_CLANG}")
      if(lang MATCHES "XX$")
        string(APPEND suggested "++")
      endif()
      if(used AND NOT (CMAKE_${lang}_COMPILER_ID STREQUAL "Clang" AND
                       CMAKE_${lang}_COMPILER_VERSION VERSION_GREATER_EQUAL 22
                       AND CMAKE_${lang}_COMPILER_VERSION VERSION_LESS 23))
        message(FATAL_ERROR
          "AsyncPipe: target '${target}' links AsyncPipe::AsyncPipe, but its "
          "${lang} sources are compiled by ${CMAKE_${lang}_COMPILER_ID} "
          "${CMAKE_${lang}_COMPILER_VERSION} (${CMAKE_${lang}_COMPILER}); the "
          "AsyncPipe plugin loads only into LLVM 22's clang. Configure with "
          "-DCMAKE_${lang}_COMPILER=${suggested}, or compile the kernels with "
          "asyncpipe_add_kernel() and link only AsyncPipe::Runtime.")
      endif()
    endforeach()
  endforeach()
  get_property(subdirs DIRECTORY "${dir}" PROPERTY SUBDIRECTORIES)
  foreach(subdir IN LISTS subdirs)
    _asyncpipe_check_compilers_in("${subdir}")
  endforeach()
endfunction()

function(_asyncpipe_check_compilers)
  _asyncpipe_check_compilers_in("${CMAKE_SOURCE_DIR}")
endfunction()

get_property(_asyncpipe_guard_deferred GLOBAL PROPERTY _ASYNCPIPE_GUARD_DEFERRED)
if(NOT _asyncpipe_guard_deferred)
  set_property(GLOBAL PROPERTY _ASYNCPIPE_GUARD_DEFERRED TRUE)
  cmake_language(DEFER DIRECTORY "${CMAKE_SOURCE_DIR}"
                 CALL _asyncpipe_check_compilers)
endif()

function(asyncpipe_add_kernel name)
  cmake_parse_arguments(PARSE_ARGV 1 ARG ""
                        "SOURCE;LANGUAGE;ARCH;OUTPUT_KIND;DEVICE_LIB_PATH"
                        "OPTIONS")
  foreach(required SOURCE LANGUAGE ARCH)
    if(NOT ARG_${required})
      message(FATAL_ERROR "asyncpipe_add_kernel(${name}): ${required} is required")
    endif()
  endforeach()
  if(NOT ARG_OUTPUT_KIND)
    set(ARG_OUTPUT_KIND object)
  endif()

  if(ARG_ARCH MATCHES "^gfx")
    set(is_amdgpu TRUE)
  elseif(ARG_ARCH MATCHES "^sm_")
    set(is_amdgpu FALSE)
  else()
    message(FATAL_ERROR "asyncpipe_add_kernel(${name}): ARCH '${ARG_ARCH}' is "
                        "neither an AMDGPU (gfx...) nor an NVPTX (sm_...) GPU")
  endif()

  # cp.async needs PTX ISA 7.0. Without a CUDA installation clang 22 would
  # emit PTX 4.2, which LLVM rejects for sm_80; with one, the toolkit's newer
  # version still wins over this floor.
  set(ptx_floor -Xclang -target-feature -Xclang +ptx70)

  if(ARG_LANGUAGE STREQUAL "OpenCL")
    set(flags -x cl -cl-std=CL2.0 -nogpulib)
    if(is_amdgpu)
      list(APPEND flags -target amdgcn-amd-amdhsa -mcpu=${ARG_ARCH})
    else()
      list(APPEND flags -target nvptx64-nvidia-cuda -march=${ARG_ARCH}
                        ${ptx_floor})
    endif()
  elseif(ARG_LANGUAGE STREQUAL "HIP")
    if(NOT is_amdgpu)
      message(FATAL_ERROR "asyncpipe_add_kernel(${name}): HIP needs an AMDGPU ARCH")
    endif()
    set(flags -x hip --offload-arch=${ARG_ARCH} --cuda-device-only)
    if(ASYNCPIPE_ROCM_PATH OR ARG_DEVICE_LIB_PATH)
      # One place knows what each ROCm needs from clang 22: asyncpipe-hipcc.
      set(rocm "${ASYNCPIPE_ROCM_PATH}")
      if(NOT rocm)
        set(rocm /usr)
      endif()
      execute_process(
        COMMAND ${CMAKE_COMMAND} -E env ASYNCPIPE_ROCM_PATH=${rocm}
                ASYNCPIPE_ROCM_DEVICE_LIB_PATH=${ARG_DEVICE_LIB_PATH}
                "${ASYNCPIPE_HIPCC}" --print-flags --offload-arch=${ARG_ARCH}
        OUTPUT_VARIABLE rocm_flags ERROR_VARIABLE rocm_error
        RESULT_VARIABLE rocm_result OUTPUT_STRIP_TRAILING_WHITESPACE)
      if(NOT rocm_result EQUAL 0)
        string(STRIP "${rocm_error}" rocm_error)
        message(FATAL_ERROR "asyncpipe_add_kernel(${name}): ${rocm_error}")
      endif()
      string(REPLACE "\n" ";" rocm_flags "${rocm_flags}")
      list(APPEND flags ${rocm_flags})
    else()
      list(APPEND flags -nogpuinc -nogpulib)
    endif()
  elseif(ARG_LANGUAGE STREQUAL "CUDA")
    if(is_amdgpu)
      message(FATAL_ERROR "asyncpipe_add_kernel(${name}): CUDA needs an NVPTX ARCH")
    endif()
    set(flags -x cuda --cuda-gpu-arch=${ARG_ARCH} --cuda-device-only
              -Wno-unknown-cuda-version ${ptx_floor})
  else()
    message(FATAL_ERROR "asyncpipe_add_kernel(${name}): LANGUAGE must be "
                        "OpenCL, HIP or CUDA, not '${ARG_LANGUAGE}'")
  endif()

  if(ARG_OUTPUT_KIND STREQUAL "object")
    set(kind_flags -c)
    set(suffix .o)
  elseif(ARG_OUTPUT_KIND STREQUAL "assembly")
    set(kind_flags -S)
    set(suffix .s)
  elseif(ARG_OUTPUT_KIND STREQUAL "llvm-ir")
    set(kind_flags -S -emit-llvm)
    set(suffix .ll)
  else()
    message(FATAL_ERROR "asyncpipe_add_kernel(${name}): OUTPUT_KIND must be "
                        "object, assembly or llvm-ir")
  endif()

  if(NOT EXISTS "${ASYNCPIPE_CLANG}")
    message(FATAL_ERROR "asyncpipe_add_kernel(${name}): ASYNCPIPE_CLANG "
                        "'${ASYNCPIPE_CLANG}' does not exist; install clang-22 "
                        "or set ASYNCPIPE_CLANG to LLVM 22's clang")
  endif()

  get_filename_component(source "${ARG_SOURCE}" ABSOLUTE)
  set(output "${CMAKE_CURRENT_BINARY_DIR}/${name}${suffix}")
  # clang writes the headers the source includes to a depfile, so that
  # editing one rebuilds the kernel. Given to the compiler proper: the driver
  # drops -MD -MF when it bundles a HIP device object.
  set(depfile "${CMAKE_CURRENT_BINARY_DIR}/${name}${suffix}.d")
  add_custom_command(
    OUTPUT "${output}"
    COMMAND "${ASYNCPIPE_CLANG}" ${flags} ${ASYNCPIPE_COMPILE_OPTIONS}
            ${ARG_OPTIONS} ${kind_flags} -Xclang -dependency-file
            -Xclang "${depfile}" -Xclang -MT -Xclang "${output}"
            "${source}" -o "${output}"
    DEPENDS "${source}" "${ASYNCPIPE_PLUGIN}"
    DEPFILE "${depfile}"
    COMMENT "AsyncPipe: compiling ${ARG_LANGUAGE} kernel ${name} for ${ARG_ARCH}"
    VERBATIM)
  add_custom_target(${name} ALL DEPENDS "${output}")
  set(${name}_OUTPUT "${output}" PARENT_SCOPE)
endfunction()

check_required_components(AsyncPipe)
