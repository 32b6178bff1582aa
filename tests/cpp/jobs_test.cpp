// A job's text form and a split's job lines: what they accept, and the messages for what they
// do not. (What jobs hold is job_conformance_test.cpp's.)
#include <gtest/gtest.h>

#include "jobs/job.hpp"
#include "jobs/job_scope.hpp"

namespace pw {
namespace {

std::string errorOf(const std::string& text) {
  try {
    parseJobLine(text);
  } catch (const JobError& e) {
    return e.what();
  }
  return "";
}

TEST(JobText, RoundTrips) {
  for (const char* text : {"root", "0", "3.0.12", "3.0.12-20", "3.0.12-", "7-"}) EXPECT_EQ(jobText(parseJob(text)), text);
  const Job job = parseJob("3.0.12-20");
  ASSERT_EQ(job.levels.size(), 3u);
  EXPECT_EQ(job.levels[2], (BranchRange{12, 20}));
  EXPECT_EQ(job.fixedLevels(), 2);
  EXPECT_EQ(parseJob("3.0.12").fixedLevels(), 3);
  EXPECT_EQ(parseJob("root").fixedLevels(), 0);
  EXPECT_EQ(parseJob("4-").levels[0].last, BranchRange::kOpen);
  // A one-branch range is that branch.
  EXPECT_EQ(jobText(parseJob("3.5-5")), "3.5");
}

TEST(JobText, RefusesWhatIsNotAJobWithAMessage) {
  const std::pair<const char*, const char*> cases[] = {
      {"", "empty"},
      {"3..4", "'' is not a branch number"},
      {"3.", "'' is not a branch number"},
      {".3", "'' is not a branch number"},
      {"3-2", "the range 3-2 is empty"},
      {"1-3.2", "only the last level may be a range"},
      {"-1", "'' is not a branch number"},
      {"01", "'01' is not a branch number"},
      {"1.x", "'x' is not a branch number"},
      {"1234567890", "'1234567890' is not a branch number"},
      {"2-1x", "'1x' is not a branch number"},
      {"Root", "'Root' is not a branch number"},
  };
  for (const auto& [text, message] : cases) {
    const std::string error = errorOf(text);
    EXPECT_NE(error.find(message), std::string::npos) << text << ": " << error;
    EXPECT_NE(error.find("3.0.12-20"), std::string::npos) << "the message shows the form: " << error;
  }
}

TEST(JobLine, ReadsASplitsLineAndABareJob) {
  const JobLine line = parseJobLine("5c0f9e2a17d3-12of40-3.0.12-20");
  EXPECT_EQ(line.split, "5c0f9e2a17d3");
  EXPECT_EQ(line.index, 12);
  EXPECT_EQ(line.count, 40);
  EXPECT_EQ(jobText(line.job), "3.0.12-20");
  EXPECT_EQ(jobLineText(line), "5c0f9e2a17d3-12of40-3.0.12-20");
  EXPECT_EQ(jobLineText(parseJobLine("5c0f9e2a17d3-1of1-root")), "5c0f9e2a17d3-1of1-root");
  const JobLine bare = parseJobLine("3.0");
  EXPECT_TRUE(bare.split.empty());
  EXPECT_EQ(jobLineText(bare), "3.0");
}

TEST(JobLine, RefusesABrokenLine) {
  EXPECT_NE(errorOf("5c0f9e2a17d3-0of40-3.0").find("job number 0 is not in 1..40"), std::string::npos);
  EXPECT_NE(errorOf("5c0f9e2a17d3-41of40-3.0").find("job number 41 is not in 1..40"), std::string::npos);
  EXPECT_NE(errorOf("5c0f9e2a17d3-12-3.0").find("no job number"), std::string::npos);
  EXPECT_NE(errorOf("5c0f9e2a17d3-xof40-3.0").find("is not a job number"), std::string::npos);
  EXPECT_NE(errorOf("5c0f9e2a17d3-1of2-3..0").find("is not a branch number"), std::string::npos);
}

TEST(JobScope, GivesAwayTheShallowestUntriedBranchesAndKeepsItsOwn) {
  JobScope scope;
  scope.confine(parseJob("2.0-"));
  // The path: branch 2 of 5 at the root (the job's), branch 1 of 4, branch 0 of 3.
  const std::vector<Step> path = {{2, 5, 0}, {1, 4, 0}, {0, 3, 0}};
  const auto first = scope.donate(path);
  ASSERT_TRUE(first);
  EXPECT_EQ(jobText(first->job), "2.2-");
  EXPECT_DOUBLE_EQ(first->share, 2.0 / 4);
  EXPECT_TRUE(scope.past(1, 2));
  EXPECT_FALSE(scope.past(1, 1));
  const auto second = scope.donate(path);
  ASSERT_TRUE(second);
  EXPECT_EQ(jobText(second->job), "2.1.1-");
  EXPECT_DOUBLE_EQ(second->share, 1.0 / 3);  // 2/3 of branch 1 (1/4 of the job), of the half it kept
  const auto none = scope.donate({{2, 5, 0}, {1, 4, 0}, {2, 3, 0}});
  EXPECT_FALSE(none);
}

}  // namespace
}  // namespace pw
