// Messages stay short whatever the input's size: lists give a few items and "and N more", text
// from the input is cut; --problem prefers an exact name and lists the candidates of an
// ambiguous one; merge reads lines of bounded length and names the line that is too long.
#include <gtest/gtest.h>

#include <sstream>

#include "burrtools/problem_import.hpp"
#include "jobs/job.hpp"
#include "jobs/job_results.hpp"
#include "model/error.hpp"
#include "text/display.hpp"
#include "text/line_reader.hpp"

namespace pw {
namespace {

TEST(Listed, GivesTheFirstFewAndHowManyMore) {
  EXPECT_EQ(text::listed({}), "");
  EXPECT_EQ(text::listed({"a", "b", "c"}), "a, b, c");
  EXPECT_EQ(text::listed({"a", "b", "c"}, 2), "a, b and 1 more");
  std::vector<std::string> many(41635, "x");
  EXPECT_EQ(text::listed(many), "x, x, x, x, x, x, x, x, x, x and 41625 more");
}

burrtools::File fileOf(const std::vector<std::string>& names) {
  burrtools::File file;
  for (const std::string& name : names) {
    burrtools::Problem problem;
    problem.name = name;
    file.problems.push_back(problem);
  }
  return file;
}

std::string choiceError(const burrtools::File& file, const std::string& choice) {
  try {
    burrtools::chooseProblem(file, choice);
  } catch (const PuzzleError& e) {
    return e.what();
  }
  return "";
}

TEST(ChooseProblem, PrefersAnExactNameThenANumberThenTheNameInOtherCase) {
  const burrtools::File file = fileOf({"Cube", "2", "Slab", "cube B", "Cube B"});
  EXPECT_EQ(burrtools::chooseProblem(file, "Cube"), 0);
  EXPECT_EQ(burrtools::chooseProblem(file, "2"), 1);    // the problem named "2"...
  EXPECT_EQ(burrtools::chooseProblem(file, "#2"), 1);   // ...which is also the second
  EXPECT_EQ(burrtools::chooseProblem(file, "#3"), 2);
  EXPECT_EQ(burrtools::chooseProblem(file, "3"), 2);    // no problem is named "3"
  EXPECT_EQ(burrtools::chooseProblem(file, "slab"), 2);
  EXPECT_EQ(burrtools::chooseProblem(file, "cube B"), 3);
  EXPECT_EQ(burrtools::chooseProblem(file, "Cube B"), 4);
  // A number names a position unless a problem has it as its name: "#N" is always a position.
  const burrtools::File named = fileOf({"1", "Slab"});
  EXPECT_EQ(burrtools::chooseProblem(named, "1"), 0);
  EXPECT_EQ(burrtools::chooseProblem(named, "2"), 1);
  const burrtools::File swapped = fileOf({"Slab", "1"});
  EXPECT_EQ(burrtools::chooseProblem(swapped, "1"), 1);
  EXPECT_EQ(burrtools::chooseProblem(swapped, "#1"), 0);
}

TEST(ChooseProblem, SaysWhenANameIsAmbiguousAndListsTheCandidates) {
  const burrtools::File file = fileOf({"Cube", "Slab", "Cube", "cube b", "Cube B"});
  EXPECT_EQ(choiceError(file, "Cube"),
            "2 problems are named \"Cube\": 1 \"Cube\", 3 \"Cube\"; choose one by number with --problem '#N'");
  EXPECT_EQ(choiceError(file, "CUBE B"),
            "2 problems are named \"CUBE B\": 4 \"cube b\", 5 \"Cube B\"; choose one by number with --problem '#N'");
  EXPECT_EQ(choiceError(file, "#6"),
            "there is no problem 6; the file has 5 problems: 1 \"Cube\", 2 \"Slab\", 3 \"Cube\", 4 \"cube b\", 5 \"Cube B\"");
  EXPECT_EQ(choiceError(file, "#x").substr(0, 24), "there is no problem x; t");
}

TEST(ChooseProblem, ListsAFewOfManyProblems) {
  std::vector<std::string> names;
  for (int i = 0; i < 41635; ++i) names.push_back("problem with a long name, number " + std::to_string(i + 1));
  const burrtools::File file = fileOf(names);
  for (const std::string& choice : {std::string(), std::string("nothing like it"), std::string(100000, 'q')}) {
    const std::string error = choiceError(file, choice);
    EXPECT_LT(error.size(), 1000u) << error.substr(0, 2000);
    EXPECT_NE(error.find("and 41625 more"), std::string::npos) << error;
  }
}

TEST(JobMessages, QuoteAtMostAShortPieceOfTheJob) {
  for (const std::string& text : {std::string(100000, '7'), "1." + std::string(100000, 'x'), "1-" + std::string(100000, '9'),
                                  "0123456789ab-1of2-" + std::string(100000, '.')}) {
    try {
      parseJobLine(text);
      ADD_FAILURE() << "accepted";
    } catch (const JobError& e) {
      EXPECT_LT(std::string(e.what()).size(), 400u) << e.what();
    }
  }
}

TEST(LineReader, ReadsLinesAndTellsATornLastOne) {
  std::istringstream in("one\n\ntwo\r\nthree");
  text::LineReader lines(in, 16);
  std::string line;
  ASSERT_TRUE(lines.next(line));
  EXPECT_EQ(line, "one");
  ASSERT_TRUE(lines.next(line));
  EXPECT_EQ(line, "");
  ASSERT_TRUE(lines.next(line));
  EXPECT_EQ(line, "two\r");
  EXPECT_TRUE(lines.complete());
  ASSERT_TRUE(lines.next(line));
  EXPECT_EQ(line, "three");
  EXPECT_EQ(lines.lineNumber(), 4);
  EXPECT_FALSE(lines.complete());
  EXPECT_FALSE(lines.next(line));
}

// A stream that makes bytes as they are read, counting them: nothing is held in full.
class EndlessBytes : public std::streambuf {
 public:
  std::size_t given = 0;

 protected:
  int_type underflow() override {
    if (given > (std::size_t{1} << 30)) return traits_type::eof();
    buffer_.assign(4096, 'x');
    given += buffer_.size();
    setg(buffer_.data(), buffer_.data(), buffer_.data() + buffer_.size());
    return traits_type::to_int_type('x');
  }

 private:
  std::string buffer_;
};

TEST(LineReader, StopsReadingALineOverTheBound) {
  EndlessBytes bytes;
  std::istream in(&bytes);
  text::LineReader lines(in, 1 << 20);
  std::string line;
  try {
    lines.next(line);
    ADD_FAILURE() << "no error";
  } catch (const text::LineTooLong& e) {
    EXPECT_STREQ(e.what(), "line 1 is longer than 1 MiB");
  }
  EXPECT_LT(bytes.given, std::size_t{2} << 20);
}

TEST(Merge, RefusesALineOverTheBoundNamingIt) {
  std::istringstream in("\n\n" + std::string(kMaxResultLine + 1, 'x') + "\n");
  try {
    mergeJobResults(in);
    ADD_FAILURE() << "no error";
  } catch (const MergeError& e) {
    EXPECT_EQ(std::string(e.what()).rfind("line 3 is longer than 1 MiB; merge reads one result", 0), 0u) << e.what();
  }
}

TEST(Merge, QuotesAtMostAShortPieceOfAResult) {
  const std::string job = std::string(100000, '1');
  const std::string line = R"({"split":")" + std::string(100000, 'a') +
                           R"(","index":1,"jobs":2,"job":")" + job +
                           R"(","fingerprint":"0123456789abcdef","node":"0123456789abcdef","puzzle":"p","kind":"packing",)"
                           R"("solutions":1,"unique":1,"nodes":1,"symmetries":1,"seconds":0})";
  std::istringstream in(line + "\n" + line + "\n");
  try {
    mergeJobResults(in);
    ADD_FAILURE() << "no error";
  } catch (const MergeError& e) {
    EXPECT_LT(std::string(e.what()).size(), 400u) << std::string(e.what()).substr(0, 1000);
  }
}

}  // namespace
}  // namespace pw
