// What crosses the Embind boundary, in one place for the binding's files: exceptions as one-line
// messages, solutions as flat integers (the layout of `SolutionRecord.data`,
// web/src/protocol/messages.ts), and vectors copied out as typed arrays.
#pragma once

#include <emscripten/val.h>

#include <cstdint>
#include <exception>
#include <string>
#include <vector>

#include "model/solution.hpp"

namespace pw::wasm {

// The one-line message of an exception caught by `catch (...)`.
std::string messageOf(const std::exception_ptr& e);

// Appends one solution in the SolutionRecord.data layout.
void encode(const Solution& solution, std::vector<std::int32_t>& out);

// `new XArray(view)` copies out of the WASM heap, so the result survives memory growth.
template <typename T>
emscripten::val copyToJs(const char* arrayType, const std::vector<T>& v) {
  return emscripten::val::global(arrayType).new_(emscripten::val(emscripten::typed_memory_view(v.size(), v.data())));
}

}  // namespace pw::wasm
