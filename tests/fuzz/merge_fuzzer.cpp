// libFuzzer harness for `piecewise merge` (solver/jobs/job_results.hpp): any bytes on standard
// input are merged or refused with a good message (one line, UTF-8, bounded). Merged counts
// must be consistent (unique at most solutions, symmetries at least 1, as many jobs as the
// split says), and merging the same bytes read in one piece or byte by byte must agree.
#include <cstddef>
#include <cstdint>
#include <exception>
#include <sstream>
#include <streambuf>
#include <string>

#include "fuzz_support.hpp"
#include "jobs/job_results.hpp"

namespace {

using pw::fuzz::fail;

// A stream that hands out its bytes one at a time, as a slow pipe does.
class Trickle : public std::streambuf {
 public:
  explicit Trickle(const std::string& bytes) : bytes_(bytes) {}

 protected:
  int_type underflow() override {
    if (at_ >= bytes_.size()) return traits_type::eof();
    one_ = bytes_[at_++];
    setg(&one_, &one_, &one_ + 1);
    return traits_type::to_int_type(one_);
  }

 private:
  const std::string& bytes_;
  std::size_t at_ = 0;
  char one_ = 0;
};

// The merged JSON, or the message.
std::string mergeOf(std::istream& in) {
  try {
    const nlohmann::json merged = pw::mergeJobResults(in);
    if (merged.at("unique").get<std::uint64_t>() > merged.at("solutions").get<std::uint64_t>())
      fail("more unique solutions than solutions", merged.dump());
    if (merged.at("symmetries").get<int>() < 1) fail("no symmetry", merged.dump());
    if (merged.at("jobs").get<int>() < 1) fail("no job", merged.dump());
    return merged.dump();
  } catch (const pw::MergeError& e) {
    pw::fuzz::expectGoodMessage(e.what());
    return std::string("error: ") + e.what();
  } catch (const std::exception& e) {
    fail("escaped with another exception", e.what());
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string bytes(reinterpret_cast<const char*>(data), size);
  std::istringstream whole(bytes);
  const std::string once = mergeOf(whole);
  Trickle trickle(bytes);
  std::istream slow(&trickle);
  const std::string again = mergeOf(slow);
  if (again != once) fail("the same bytes merged differently when read byte by byte", once + " / " + again);
  return 0;
}
