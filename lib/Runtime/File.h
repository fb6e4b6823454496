//===- File.h - Reading plan and binary files safely ------------*- C++ -*-===//
//
// Every file ckrt reads goes through readRegularFile: it must be a regular
// file (not a directory, device, FIFO or socket, which would block, never
// end or fill memory) and no larger than a cap.
//
//===----------------------------------------------------------------------===//

#ifndef CKRT_LIB_FILE_H
#define CKRT_LIB_FILE_H

#include "ck-c/Runtime.h"

#include <cstdint>
#include <string>

namespace ckrt::detail {

/// Reads the regular file `path` whole into `out`. `noun` names it in
/// messages ("plan file", "binary file"); `where` (may be empty) is put in
/// front ("plan.ckplan:3"). Fails with CKRT_ERROR_IO and a one-line message
/// if the file cannot be opened or read, is not a regular file (it is then
/// not opened: "... is a character device, not a regular file"), or is
/// larger than `maxBytes`.
ckrt_status readRegularFile(const std::string &path, uint64_t maxBytes,
                            const char *noun, const std::string &where,
                            std::string &out);

/// "4 MiB", "256 MiB", "1 TiB", or "N bytes": a limit for messages.
std::string limitText(uint64_t bytes);

} // namespace ckrt::detail

#endif // CKRT_LIB_FILE_H
