// Mutated reference documents: the reader either accepts them or throws PuzzleError with a
// one-line message; never another exception, never a crash. Fixed seed, so reproducible.
#include <gtest/gtest.h>

#include <algorithm>
#include <exception>
#include <filesystem>
#include <fstream>
#include <random>
#include <sstream>
#include <string>
#include <typeinfo>
#include <vector>

#include "parse/parse.hpp"

namespace pw {
namespace {

std::vector<std::string> referenceDocuments() {
  std::vector<std::filesystem::path> paths;
  for (const auto& entry : std::filesystem::directory_iterator(PIECEWISE_PUZZLES_DIR)) {
    if (entry.path().string().find(".puzzle.json") != std::string::npos) paths.push_back(entry.path());
  }
  std::sort(paths.begin(), paths.end());  // directory order varies; the seed should mean the same cases
  std::vector<std::string> texts;
  for (const auto& path : paths) {
    std::ifstream in(path, std::ios::binary);
    std::stringstream s;
    s << in.rdbuf();
    texts.push_back(s.str());
  }
  return texts;
}

// Returns false (and records a failure) when parsing escapes with anything but a PuzzleError.
bool parsesOrRejectsCleanly(const std::string& text, const std::string& what) {
  try {
    parsePuzzle(text);
  } catch (const PuzzleError& e) {
    const std::string message = e.what();
    if (message.empty() || message.find('\n') != std::string::npos) {
      ADD_FAILURE() << what << ": message is not one line: " << message;
      return false;
    }
  } catch (const std::exception& e) {
    ADD_FAILURE() << what << ": escaped with " << typeid(e).name() << ": " << e.what();
    return false;
  }
  return true;
}

TEST(ParseFuzz, TruncatedDocuments) {
  int cases = 0;
  int accepted = 0;
  for (const std::string& text : referenceDocuments()) {
    const std::size_t step = std::max<std::size_t>(1, text.size() / 150);
    for (std::size_t cut = 0; cut < text.size(); cut += step) {
      ASSERT_TRUE(parsesOrRejectsCleanly(text.substr(0, cut), "cut at " + std::to_string(cut)));
      ++cases;
    }
    accepted += parsesOrRejectsCleanly(text, "whole") ? 1 : 0;
  }
  EXPECT_GT(cases, 1000);
  EXPECT_GT(accepted, 0);
}

TEST(ParseFuzz, ByteFlips) {
  std::mt19937 random(20261122);
  // Bytes that reach the interesting paths: structure, numbers, shape characters, letters.
  const std::string interesting = "{}[]\",:-+.0123456789eE#+. xSCtrufalsn\\\x01\xff";
  int cases = 0;
  int rejected = 0;
  for (const std::string& original : referenceDocuments()) {
    for (int trial = 0; trial < 300; ++trial) {
      std::string text = original;
      const int flips = 1 + static_cast<int>(random() % 3);
      for (int f = 0; f < flips; ++f) {
        const std::size_t at = random() % text.size();
        text[at] = (random() % 2 == 0) ? interesting[random() % interesting.size()]
                                       : static_cast<char>(random() % 256);
      }
      try {
        parsePuzzle(text);
      } catch (const PuzzleError&) {
        ++rejected;
      } catch (const std::exception& e) {
        FAIL() << "trial " << trial << ": escaped: " << e.what() << "\n" << text;
      }
      ++cases;
    }
  }
  EXPECT_GT(cases, 3000);
  EXPECT_GT(rejected, cases / 4) << "most flips should break something";
}

}  // namespace
}  // namespace pw
