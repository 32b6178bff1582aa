#include "parse/parse.hpp"

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <memory>

#include "model/limits.hpp"
#include "parse/json_text.hpp"
#include "parse/kind_readers.hpp"
#include "text/display.hpp"

namespace pw {

namespace parse {

void expectDocumentFields(const Node& root, const std::vector<std::string_view>& kindFields) {
  std::vector<std::string_view> known = {"format", "name", "kind", "notes"};
  known.insert(known.end(), kindFields.begin(), kindFields.end());
  root.expectObject(known);
}

namespace {

constexpr const char* kFormat = "piecewise/1";

void readFormat(const Node& format) {
  const std::string value = format.text(limits::kNameChars);
  if (value == kFormat) return;
  if (value.rfind("piecewise/", 0) == 0) {
    format.fail("unsupported version " + quotedText(value) + "; this solver reads \"" + kFormat + "\"");
  }
  format.fail(std::string("expected \"") + kFormat + "\", got " + quotedText(value));
}

}  // namespace

}  // namespace parse

Puzzle parsePuzzle(std::string_view documentBytes) {
  using namespace parse;
  const Json json = readJson(documentBytes);
  const Node root(json, "");
  if (!json.is_object()) root.fail("expected a JSON object at the top level, got " + describe(json));
  readFormat(root.field("format"));
  const Node kindNode = root.field("kind");
  const std::string kind = kindNode.text(limits::kNameChars);

  Puzzle puzzle;
  puzzle.name = root.field("name").text(limits::kNameChars);
  if (const std::optional<Node> notes = root.optionalField("notes")) puzzle.notes = notes->text(limits::kNotesChars, true);

  if (kind == "packing") {
    puzzle.body = readPacking(root);
  } else if (kind == "edge-matching") {
    puzzle.body = readEdgeMatching(root);
  } else if (kind == "snake") {
    puzzle.body = readSnake(root);
  } else {
    const std::string hint = didYouMean(kind, {"packing", "edge-matching", "snake"});
    kindNode.fail("unknown kind " + quotedText(kind) + "; expected \"packing\", \"edge-matching\" or \"snake\"" +
                  (hint.empty() ? "" : "; " + hint));
  }
  return puzzle;
}

std::string readPuzzleFile(const std::string& path) {
  errno = 0;
  const std::unique_ptr<std::FILE, int (*)(std::FILE*)> file(std::fopen(path.c_str(), "rb"), &std::fclose);
  if (!file) throw PuzzleError("cannot read " + text::shown(path, 200) + ": " + std::strerror(errno));
  // Read at most one byte past the limit, so that a huge file (or /dev/zero) costs nothing.
  std::string text;
  char buffer[64 * 1024];
  while (text.size() <= limits::kDocumentBytes) {
    const std::size_t got = std::fread(buffer, 1, sizeof buffer, file.get());
    text.append(buffer, got);
    if (got < sizeof buffer) break;
  }
  if (std::ferror(file.get())) throw PuzzleError("cannot read " + text::shown(path, 200) + ": " + std::strerror(errno));
  if (text.size() > limits::kDocumentBytes) {
    throw PuzzleError("cannot read " + text::shown(path, 200) + ": the file is larger than the limit of " +
                      std::to_string(limits::kDocumentBytes) + " bytes");
  }
  return text;
}

Puzzle loadPuzzleFile(const std::string& path) { return parsePuzzle(readPuzzleFile(path)); }

}  // namespace pw
