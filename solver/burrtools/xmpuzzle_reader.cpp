#include "burrtools/xmpuzzle_reader.hpp"

#include <cctype>
#include <string>

#include "model/error.hpp"
#include "model/limits.hpp"
#include "text/display.hpp"
#include "text/utf8.hpp"
#include "xml/xml_reader.hpp"

namespace pw::burrtools {

namespace {

using Event = xml::Reader::Event;

const char* gridName(long long type) {
  switch (type) {
    case 1: return "triangular prism";
    case 2: return "sphere";
    case 3: return "rhombic dodecahedron";
    case 4: return "tetrahedron-octahedron";
    default: return nullptr;
  }
}

bool isBlank(const std::string& s) {
  for (const char c : s)
    if (c != ' ' && c != '\t' && c != '\n' && c != '\r') return false;
  return true;
}

// Walks the XML the way BurrTools' loader does: known elements are read, unknown ones are
// skipped, and what is skipped is written down so that nothing disappears unannounced.
class FileReader {
 public:
  explicit FileReader(std::string_view text) : x_(text) {}

  File read() {
    Event e = nextStructural("the document");
    if (e != Event::StartElement || x_.name() != "puzzle")
      fail("not a BurrTools puzzle: the root element is <" + x_.name() + ">, not <puzzle>");
    const std::string* version = x_.attribute("version");
    if (!version) fail("<puzzle> has no version attribute");
    file_.version = static_cast<int>(number(*version, "version", 0, 1000000));
    if (file_.version != 1 && file_.version != 2)
      fail("puzzle version " + text::shown(*version) + " is not supported (BurrTools writes versions 1 and 2)");
    noteOtherAttributes(file_.notes, {"version"});
    if (x_.readAsLatin1()) file_.notes.push_back("the file is not UTF-8: its text was read as Latin-1");

    bool sawShapes = false;
    bool sawGrid = false;
    while ((e = nextStructural("<puzzle>")) == Event::StartElement) {
      const std::string name = x_.name();
      if (name == "gridType") {
        if (sawGrid || sawShapes) fail("<gridType> must come once, before <shapes> (BurrTools refuses this file too)");
        sawGrid = true;
        readGrid();
      } else if (name == "colors") {
        readColours();
      } else if (name == "shapes") {
        sawShapes = true;
        readShapes();
      } else if (name == "problems") {
        readProblems();
      } else if (name == "comment") {
        readComment();
      } else {
        ignoreElement(file_.notes, "<puzzle>");
      }
    }
    if (x_.next() != Event::EndOfDocument) fail("unexpected content after </puzzle>");
    return std::move(file_);
  }

 private:
  [[noreturn]] void fail(const std::string& problem) const {
    // A message may quote one byte of a character (a bad voxel letter): keep it one line of UTF-8.
    throw PuzzleError("xmpuzzle line " + std::to_string(x_.line()) + ": " + text::messageText(problem));
  }

  // The next start or end tag, skipping white space; other text is noted as ignored.
  Event nextStructural(const std::string& where) {
    for (;;) {
      const Event e = x_.next();
      if (e != Event::Text) return e;
      if (!isBlank(x_.text())) file_.notes.push_back("ignored text in " + where + " (line " + std::to_string(x_.line()) + ")");
    }
  }

  long long number(const std::string& text, const std::string& what, long long lo, long long hi) const {
    std::size_t i = 0;
    while (i < text.size() && std::isspace(static_cast<unsigned char>(text[i]))) ++i;
    const bool negative = i < text.size() && text[i] == '-';
    if (i < text.size() && (text[i] == '-' || text[i] == '+')) ++i;
    long long value = 0;
    std::size_t digits = 0;
    for (; i < text.size() && std::isdigit(static_cast<unsigned char>(text[i])); ++i, ++digits) {
      if (digits >= 15) fail(what + "=\"" + text::shown(text) + "\" is out of range");
      value = value * 10 + (text[i] - '0');
    }
    while (i < text.size() && std::isspace(static_cast<unsigned char>(text[i]))) ++i;
    if (digits == 0 || i != text.size()) fail(what + "=\"" + text::shown(text) + "\" is not a whole number");
    if (negative) value = -value;
    if (value < lo || value > hi)
      fail(what + "=\"" + text::shown(text) + "\" is out of range (" + std::to_string(lo) + " to " + std::to_string(hi) + ")");
    return value;
  }

  long long requiredNumber(const char* attribute, long long lo, long long hi) {
    const std::string* value = x_.attribute(attribute);
    if (!value) fail("<" + x_.name() + "> has no " + attribute + " attribute");
    return number(*value, attribute, lo, hi);
  }

  std::optional<long long> optionalNumber(const char* attribute, long long lo, long long hi) {
    const std::string* value = x_.attribute(attribute);
    if (!value) return std::nullopt;
    return number(*value, attribute, lo, hi);
  }

  void noteOtherAttributes(std::vector<std::string>& notes, std::initializer_list<std::string_view> known) {
    for (const xml::Attribute& a : x_.attributes()) {
      bool isKnown = false;
      for (const std::string_view k : known) isKnown = isKnown || a.name == k;
      if (!isKnown) notes.push_back("ignored attribute " + a.name + " of <" + x_.name() + "> (line " + std::to_string(x_.line()) + ")");
    }
  }

  void ignoreElement(std::vector<std::string>& notes, const std::string& where) {
    notes.push_back("ignored <" + x_.name() + "> in " + where + " (line " + std::to_string(x_.line()) + ")");
    x_.skipElement();
  }

  void readGrid() {
    const long long type = requiredNumber("type", 0, 1000000);
    // Tetrahedra and octahedra are built in BurrTools of sub-cells of a cube (as rhombic
    // dodecahedra are, rhombic_voxels.hpp), in a grid of their own that piecewise has not.
    if (type == 4)
      fail("this puzzle uses BurrTools' " + std::string(gridName(type)) +
           " grid; piecewise reads the cube, triangular prism, sphere and rhombic dodecahedron grids");
    if (!gridName(type) && type != 0) fail("unknown BurrTools grid type " + std::to_string(type) + " (0 is the cube grid)");
    file_.grid = static_cast<Grid>(type);
    noteOtherAttributes(file_.notes, {"type"});
    x_.skipElement();
  }

  // The children of the current element: each `element` read by `read` (which consumes
  // it), anything else skipped and noted in `ignored`.
  template <typename Read>
  void readChildren(const std::string& where, const char* element, std::vector<std::string>& ignored, Read read) {
    while (nextStructural(where) == Event::StartElement) {
      if (x_.name() == element) {
        read();
      } else {
        ignoreElement(ignored, where);
      }
    }
  }

  void readColours() {
    readChildren("<colors>", "color", file_.notes, [&] {
      ++file_.colours;
      static const char* const kHex = "0123456789abcdef";
      std::string rgb = "#";
      for (const char* channel : {"red", "green", "blue"}) {
        const auto value = static_cast<int>(optionalNumber(channel, 0, 255).value_or(0));
        rgb += kHex[value / 16];
        rgb += kHex[value % 16];
      }
      file_.colourRgb.push_back(rgb);
      x_.skipElement();
    });
  }

  void readShapes() { readChildren("<shapes>", "voxel", file_.notes, [&] { readShape(); }); }

  void readShape() {
    Shape s;
    s.line = x_.line();
    const std::string label = "shape S" + std::to_string(file_.shapes.size() + 1);
    const long long limit = static_cast<long long>(limits::kDocumentBytes);
    const long long sx = requiredNumber("x", 0, limit), sy = requiredNumber("y", 0, limit), sz = requiredNumber("z", 0, limit);
    if (sx * sy > limit || sx * sy * sz > limit)
      fail(label + ": a " + std::to_string(sx) + "x" + std::to_string(sy) + "x" + std::to_string(sz) +
           " voxel space is larger than the document limit");
    s.sx = static_cast<int>(sx);
    s.sy = static_cast<int>(sy);
    s.sz = static_cast<int>(sz);
    if (const std::string* type = x_.attribute("type"); type && number(*type, "type", 0, 1000000) != 0)
      fail(label + ": voxel type " + text::shown(*type) + " is unknown (BurrTools writes 0)");
    if (const std::string* name = x_.attribute("name")) s.name = *name;
    s.weight = static_cast<int>(optionalNumber("weight", -1000000000, 1000000000).value_or(1));
    noteOtherAttributes(file_.notes, {"x", "y", "z", "type", "name", "weight", "hx", "hy", "hz"});

    std::string voxels;
    Event e;
    while ((e = x_.next()) != Event::EndElement) {
      if (e == Event::Text) voxels += x_.text();
      else fail(label + ": unexpected <" + x_.name() + "> inside <voxel>");
    }
    const std::size_t volume = static_cast<std::size_t>(sx * sy * sz);
    s.state.reserve(volume);
    s.colour.reserve(volume);
    int colour = -1;  // the colour number being read after a voxel, -1 before the first voxel
    for (const char c : voxels) {
      if (c == '#' || c == '+' || c == '_') {
        if (s.state.size() == volume)
          fail(label + ": more voxels than its " + std::to_string(sx) + "x" + std::to_string(sy) + "x" + std::to_string(sz) +
               " space holds (" + std::to_string(volume) + ")");
        s.state.push_back(c == '#' ? VoxelState::Filled : c == '+' ? VoxelState::Variable : VoxelState::Empty);
        s.colour.push_back(0);
        colour = 0;
      } else if (c >= '0' && c <= '9') {
        if (colour < 0) fail(label + ": a colour number before the first voxel");
        colour = colour * 10 + (c - '0');
        if (colour > 63) fail(label + ": colour " + std::to_string(colour) + " is out of range (at most 63)");
        s.colour.back() = static_cast<std::uint8_t>(colour);
      } else if (c != ' ' && c != '\t' && c != '\n' && c != '\r') {
        fail(label + ": unexpected character '" + std::string(1, c) +
             "' in the voxel string (expected #, +, _ or a colour number)");
      }
    }
    if (s.state.size() != volume)
      fail(label + ": " + std::to_string(s.state.size()) + " voxels for its " + std::to_string(sx) + "x" + std::to_string(sy) +
           "x" + std::to_string(sz) + " space (" + std::to_string(volume) + " expected)");
    file_.shapes.push_back(std::move(s));
  }

  void readProblems() { readChildren("<problems>", "problem", file_.notes, [&] { readProblem(); }); }

  void readProblem() {
    Problem p;
    p.line = x_.line();
    if (const std::string* name = x_.attribute("name")) p.name = *name;
    const long long big = 1'000'000'000'000'000LL;
    p.state = static_cast<int>(optionalNumber("state", 0, 3).value_or(0));
    p.assemblies = optionalNumber("assemblies", 0, big);
    p.solutions = optionalNumber("solutions", 0, big);
    p.seconds = optionalNumber("time", 0, big);
    p.maxHoles = optionalNumber("maxHoles", 0, big);
    noteOtherAttributes(p.ignored, {"name", "state", "assemblies", "solutions", "time", "maxHoles"});
    const std::string where = "<problem> of line " + std::to_string(p.line);
    while (nextStructural(where) == Event::StartElement) {
      const std::string name = x_.name();
      if (name == "shapes") {
        readChildren("the problem's <shapes>", "shape", p.ignored, [&] { p.parts.push_back(readPart()); });
      } else if (name == "result") {
        p.result = static_cast<int>(requiredNumber("id", 0, 1000000000));
        x_.skipElement();
      } else if (name == "bitmap") {
        readChildren("<bitmap>", "pair", p.ignored, [&] {
          // Stored 0-based; colour 0 (no colour) never appears in a pair.
          const int piece = static_cast<int>(requiredNumber("piece", 0, 62)) + 1;
          const int result = static_cast<int>(requiredNumber("result", 0, 62)) + 1;
          p.allowedColours.emplace_back(piece, result);
          x_.skipElement();
        });
      } else if (name == "assembler") {
        p.savedSolverState = true;
        x_.skipElement();
      } else if (name == "solutions") {
        while (nextStructural("<solutions>") == Event::StartElement) {
          if (x_.name() == "solution") ++p.storedSolutions;
          x_.skipElement();
        }
      } else {
        ignoreElement(p.ignored, where);
      }
    }
    file_.problems.push_back(std::move(p));
  }

  Part readPart() {
    Part part;
    part.line = x_.line();
    part.shape = static_cast<int>(requiredNumber("id", 0, 1000000000));
    // As BurrTools reads it: count, else min and max together, else one copy.
    const std::optional<long long> count = optionalNumber("count", 0, 65535);
    const std::optional<long long> min = optionalNumber("min", 0, 65535);
    const std::optional<long long> max = optionalNumber("max", 0, 65535);
    if (count) {
      part.min = part.max = static_cast<int>(*count);
    } else if (min && max) {
      if (*min > *max) fail("piece S" + std::to_string(part.shape + 1) + ": min " + std::to_string(*min) + " is greater than max " + std::to_string(*max));
      part.min = static_cast<int>(*min);
      part.max = static_cast<int>(*max);
    } else {
      part.minOrMaxAlone = min.has_value() || max.has_value();
    }
    part.group = static_cast<int>(optionalNumber("group", 0, 65535).value_or(0));
    noteOtherAttributes(file_.notes, {"id", "count", "min", "max", "group"});
    int groupElements = 0;
    while (nextStructural("<shape>") == Event::StartElement) {
      if (x_.name() == "group") {
        // As BurrTools saves a part whose copies are in more than one group.
        const int group = static_cast<int>(optionalNumber("group", 0, 65535).value_or(0));
        if (group != 0 && ++groupElements == 1 && part.group == 0) part.group = group;
        part.severalGroups = part.severalGroups || groupElements > 1;
      }
      x_.skipElement();
    }
    if (part.severalGroups) part.group = 0;
    return part;
  }

  void readComment() {
    Event e;
    while ((e = x_.next()) != Event::EndElement) {
      if (e == Event::Text) file_.comment += x_.text();
      else ignoreElement(file_.notes, "<comment>");
    }
  }

  xml::Reader x_;
  File file_;
};

// gzip's magic number: an .xmpuzzle file as BurrTools writes it, which the edges (the command
// line, the page) inflate before the core reads the XML.
bool gzipped(std::string_view bytes) { return bytes.size() >= 2 && bytes[0] == '\x1f' && bytes[1] == '\x8b'; }

}  // namespace

bool looksLikeXmpuzzle(std::string_view bytes) {
  if (gzipped(bytes)) return true;
  if (bytes.substr(0, 3) == "\xEF\xBB\xBF") bytes.remove_prefix(3);
  const std::size_t first = bytes.find_first_not_of(" \t\r\n");
  return first != std::string_view::npos && bytes[first] == '<';
}

File readXmpuzzle(std::string_view bytes) {
  if (gzipped(bytes)) throw PuzzleError("xmpuzzle: the file is gzip-compressed; it must be inflated before it is read");
  if (bytes.size() > limits::kDocumentBytes)
    throw PuzzleError("xmpuzzle: the file is larger than the limit of " + std::to_string(limits::kDocumentBytes) + " bytes");
  return FileReader(bytes).read();
}

}  // namespace pw::burrtools
