// What both fuzzers demand of every refusal, and how they fail: a one-line message on stderr,
// then abort(), which libFuzzer reports as a crash and saves the input that caused it.
#pragma once

#include <string>
#include <string_view>

namespace pw::fuzz {

[[noreturn]] void fail(std::string_view what, std::string_view detail);

// A refusal's message must be one non-empty line of well-formed UTF-8 (the WASM build hands
// it to JavaScript as text, and both builds must print the same bytes), of at most 4 KB.
void expectGoodMessage(const std::string& message);

}  // namespace pw::fuzz
