// CRC-32 as gzip uses it (RFC 1952: polynomial 0xEDB88320, reflected, inverted in and out).
#pragma once

#include <cstdint>
#include <string_view>

namespace pw::compress {

// The CRC of `bytes` continued from `crc` (the CRC of what came before; 0 to start).
std::uint32_t crc32(std::string_view bytes, std::uint32_t crc = 0);

}  // namespace pw::compress
