#include "parse/colour_reader.hpp"

#include <algorithm>
#include <cctype>

#include "model/limits.hpp"
#include "parse/shape_reader.hpp"

namespace pw::parse {

namespace {

bool isRgb(const std::string& text) {
  return text.size() == 7 && text[0] == '#' &&
         std::all_of(text.begin() + 1, text.end(), [](char c) { return std::isxdigit(static_cast<unsigned char>(c)) != 0; });
}

std::string colourNames(const std::vector<Colour>& colours) {
  std::string out;
  for (const Colour& c : colours) {
    out += out.empty() ? "'" : ", '";
    out += c.name;
    out += '\'';
  }
  return out.empty() ? "none" : out;
}

int colourNumber(const std::vector<Colour>& colours, const std::string& name) {
  for (std::size_t i = 0; i < colours.size(); ++i)
    if (colours[i].name == name) return static_cast<int>(i) + 1;
  return 0;
}

}  // namespace

std::vector<Colour> readColours(const Node& list) {
  const std::size_t n = list.arraySize(1, static_cast<std::size_t>(limits::kColours), "colours");
  std::vector<Colour> colours(n);
  for (std::size_t i = 0; i < n; ++i) {
    const Node entry = list.element(i);
    entry.expectObject({"name", "rgb", "fits"});
    colours[i].name = entry.field("name").text(static_cast<std::size_t>(limits::kLabelChars));
    for (std::size_t j = 0; j < i; ++j)
      if (colours[j].name == colours[i].name) entry.failField("name", "'" + colours[i].name + "' names two colours");
    if (const std::optional<Node> rgb = entry.optionalField("rgb")) {
      colours[i].rgb = rgb->text(7);
      if (!isRgb(colours[i].rgb)) rgb->fail("expected \"#rrggbb\" (six hexadecimal digits), got \"" + colours[i].rgb + "\"");
    }
  }
  // `fits` may name colours listed after this one.
  for (std::size_t i = 0; i < n; ++i) {
    const std::optional<Node> fits = list.element(i).optionalField("fits");
    if (!fits) continue;
    const std::size_t k = fits->arraySize(0, n, "colours");
    for (std::size_t j = 0; j < k; ++j) {
      const Node name = fits->element(j);
      const int number = colourNumber(colours, name.text(static_cast<std::size_t>(limits::kLabelChars)));
      if (number == 0) name.fail("no colour named '" + name.value().get<std::string>() + "'; the colours are " + colourNames(colours));
      colours[i].fits.push_back(number);
    }
    std::sort(colours[i].fits.begin(), colours[i].fits.end());
    colours[i].fits.erase(std::unique(colours[i].fits.begin(), colours[i].fits.end()), colours[i].fits.end());
  }
  return colours;
}

std::vector<int> readCellColours(const Node& object, const std::vector<Cell>& cells, int dimensions,
                                 const std::vector<Colour>& colours) {
  if (!object.value().is_object())
    object.fail("expected an object from colour names to lists of cells, got " + describe(object.value()));
  std::vector<int> out(cells.size(), 0);
  for (const auto& [name, value] : object.value().items()) {
    const int number = colourNumber(colours, name);
    if (number == 0) object.failField(name, "no colour named '" + name + "'; the puzzle's colours are " + colourNames(colours));
    const Node list(value, object.childPath(name));
    const ReadShape listed = readCellList(list, ShapeOwner::Board);
    if (listed.dimensions != dimensions)
      list.fail(std::to_string(listed.dimensions) + "D cells on a " + std::to_string(dimensions) + "D shape");
    for (const BoardCell& c : listed.cells) {
      const auto it = std::lower_bound(cells.begin(), cells.end(), c.at);
      std::string at = "[";
      at += std::to_string(c.at.x);
      at += ", ";
      at += std::to_string(c.at.y);
      if (dimensions == 3) {
        at += ", ";
        at += std::to_string(c.at.z);
      }
      at += ']';
      if (it == cells.end() || !(*it == c.at)) list.fail("cell " + at + " is not a cell of the shape");
      int& colour = out[static_cast<std::size_t>(it - cells.begin())];
      if (colour != 0) list.fail("cell " + at + " has two colours");
      colour = number;
    }
  }
  return out;
}

}  // namespace pw::parse
