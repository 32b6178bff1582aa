#include "session.hpp"

#include <cmath>
#include <sstream>

#include <nlohmann/json.hpp>

#include "disassembly/assembly.hpp"
#include "disassembly/assembly_walk.hpp"
#include "disassembly/disassembly.hpp"
#include "jobs/job.hpp"
#include "model/error.hpp"
#include "parse/parse.hpp"
#include "text/display.hpp"
#include "wasm_values.hpp"

namespace pw::wasm {

using emscripten::val;

std::string settingsText(const SearchSettings& settings) {
  return nlohmann::json{{"restrictedType", settings.restrictedType}}.dump();
}

disassembly::DisassemblySettings disassemblySettings(double megabytes) {
  disassembly::DisassemblySettings settings;
  if (megabytes == 0) return settings;
  if (!(megabytes >= 1 && megabytes <= kMaxDisassemblyMegabytes) || megabytes != std::floor(megabytes))
    throw PuzzleError("the memory bound of taking apart must be a whole number of megabytes from 1 to " +
                      std::to_string(static_cast<int>(kMaxDisassemblyMegabytes)) + ", not " + (std::ostringstream() << megabytes).str());
  settings.memoryBytes = static_cast<std::size_t>(megabytes) << 20;
  return settings;
}

namespace {

// "" (nothing chosen yet: the search chooses as the command line does) or settingsText(), which
// may add "disassemblyMb" (the memory bound of one search for a separation, as the command
// line's --disassembly-mb; the default otherwise).
SearchSettings readSettings(const std::string& text, disassembly::DisassemblySettings& disassembly) {
  SearchSettings settings;
  if (text.empty()) return settings;
  const nlohmann::json j = nlohmann::json::parse(text, nullptr, false);
  if (!j.is_object()) throw PuzzleError("the solver's settings are not a JSON object as prepare() gives: " + text::shown(text));
  for (const auto& [key, value] : j.items()) {
    if (key != "restrictedType" && key != "disassemblyMb") throw PuzzleError("the solver's settings have an unknown key " + text::shown(nlohmann::json(key).dump()));
    if (!value.is_number_integer())
      throw PuzzleError("the solver's settings: " + key + " must be a whole number, not " + text::shown(value.dump()));
  }
  if (!j.contains("restrictedType")) throw PuzzleError("the solver's settings lack restrictedType, which prepare() gives");
  settings.restrictedType = j["restrictedType"].get<int>();
  if (j.contains("disassemblyMb")) disassembly = disassemblySettings(j["disassemblyMb"].get<double>());
  return settings;
}

std::uint64_t budgetOf(double budget) { return budget < 1 ? 1 : static_cast<std::uint64_t>(budget); }

}  // namespace

Session::Session(const std::string& documentBytes, const std::string& settings) {
  try {
    puzzle_ = std::make_unique<Puzzle>(parsePuzzle(documentBytes));
    // A document that asks for disassembly must be one whose pieces slide (as count --disassemble).
    const auto* packing = std::get_if<PackingPuzzle>(&puzzle_->body);
    if (packing != nullptr && packing->disassemble) sliding_ = &disassembly::slidingPuzzle(*puzzle_);
    std::unique_ptr<Search> first = makeSearch(*puzzle_, readSettings(settings, disassembly_));
    if (sliding_) disassembler_.emplace(disassembly_);
    settings_ = first->settingsUsed();
    symmetries_ = first->symmetryCount();
    countsInBulk_ = first->countsInBulk();
    runner_ = std::make_unique<JobRunner>([puzzle = puzzle_.get(), used = settings_] { return makeSearch(*puzzle, used); },
                                          std::move(first));
  } catch (...) {
    error_ = messageOf(std::current_exception());
    puzzle_.reset();
    runner_.reset();
    sliding_ = nullptr;
    disassembler_.reset();
  }
}

std::string Session::kind() const { return puzzle_ ? kindName(*puzzle_) : ""; }

std::string Session::settings() const { return runner_ ? settingsText(settings_) : ""; }

std::string Session::begin(const std::string& jobText, double skip) {
  if (!runner_) return error_;
  try {
    search_ = &runner_->begin(parseJob(jobText));
  } catch (...) {
    search_ = nullptr;
    return messageOf(std::current_exception());
  }
  done_ = false;
  tally_ = {};
  apart_ = 0;
  startNodes_ = search_->nodes();
  skip_ = skip < 0 ? 0 : static_cast<std::uint64_t>(skip);
  return "";
}

bool Session::advance(double budget, unsigned maxPending, double maxPendingBytes) {
  if (!running()) return true;
  maxPending_ = maxPending;
  maxPendingBytes_ = maxPendingBytes < 0 ? 0 : static_cast<std::size_t>(maxPendingBytes);
  if (full()) return false;
  return visit(budget, true);
}

bool Session::advanceCounting(double budget) {
  if (!running()) return true;
  // Taking apart needs each representative itself: no bulk counts then.
  if (sliding_) return visit(budget, false);
  return finish([&] { return search_->advanceCounting(budgetOf(budget), tally_); });
}

double Session::nodes() const { return search_ ? static_cast<double>(search_->nodes() - startNodes_) : 0; }

double Session::fraction() const { return search_ ? search_->fractionDone() : 1; }

double Session::pendingBytes() const {
  const std::size_t records = representative_.size();
  return static_cast<double>((data_.size() + level_.size()) * sizeof(std::int32_t) +
                             2 * (records + 1) * sizeof(std::int32_t) + 2 * records +
                             3 * records * sizeof(double));
}

std::string Session::seek(const std::string& jobText, double skip, unsigned limit, Collect scope) {
  if (!runner_) return error_;
  search_ = nullptr;
  try {
    const bool apartOnly = scope == Collect::ComeApart;
    if (apartOnly && !sliding_) throw PuzzleError("this puzzle's assemblies are not taken apart");
    const std::uint64_t from = skip < 0 ? 0 : static_cast<std::uint64_t>(skip);
    std::uint64_t left = limit, apartBefore = 0;
    // Those that come apart are found by taking apart every representative of the job up to them.
    seekSolutions(*runner_, parseJob(jobText), apartOnly ? 0 : from, scope != Collect::All,
                  [&](const Solution& solution, bool representative, const SolutionTally& before) {
                    const Verdict verdict = judge(solution, representative);
                    if (apartOnly) {
                      if (verdict.level.empty()) return true;
                      if (apartBefore++ < from) return true;
                      store(solution, representative, before, static_cast<double>(apartBefore - 1), verdict);
                    } else {
                      store(solution, representative, before, -1, verdict);
                    }
                    return --left > 0;
                  });
    return "";
  } catch (...) {
    return messageOf(std::current_exception());
  }
}

val Session::take() {
  offsets_.insert(offsets_.begin(), 0);
  levelOffsets_.insert(levelOffsets_.begin(), 0);
  val out = val::object();
  out.set("data", copyToJs("Int32Array", data_));
  out.set("offsets", copyToJs("Int32Array", offsets_));
  out.set("representative", copyToJs("Uint8Array", representative_));
  out.set("ordinal", copyToJs("Float64Array", ordinal_));
  out.set("uniqueOrdinal", copyToJs("Float64Array", uniqueOrdinal_));
  out.set("apart", copyToJs("Uint8Array", apartCode_));
  out.set("apartOrdinal", copyToJs("Float64Array", apartOrdinal_));
  out.set("level", copyToJs("Int32Array", level_));
  out.set("levelOffsets", copyToJs("Int32Array", levelOffsets_));
  for (auto* v : {&data_, &offsets_, &level_, &levelOffsets_}) v->clear();
  for (auto* v : {&ordinal_, &uniqueOrdinal_, &apartOrdinal_}) v->clear();
  representative_.clear();
  apartCode_.clear();
  return out;
}

// Runs one advance call of the search; a failure ends the task with its message in error().
template <typename Call>
bool Session::finish(const Call& call) {
  try {
    done_ = call();
  } catch (const PuzzleError& e) {
    error_ = e.what();
    fatal_ = false;
    done_ = true;
  } catch (...) {
    error_ = messageOf(std::current_exception());
    fatal_ = true;
    done_ = true;
  }
  return done_;
}

Session::Verdict Session::judge(const Solution& solution, bool representative) {
  Verdict verdict;
  if (!sliding_ || !representative) return verdict;
  const auto& packing = std::get<PackingSolution>(solution);
  verdict.judged = true;
  if (const auto taken = disassembler_->takeApart(disassembly::assemblyOf(*sliding_, packing)))
    verdict.level = disassembly::levelOf(*taken);
  return verdict;
}

bool Session::visit(double budget, bool keeping) {
  callBudget_ = budgetOf(budget);
  callSolutions_ = 0;
  return finish([&] { return search_->advance(callBudget_, [&](const Solution& s, bool r) { return keep(s, r, keeping); }); });
}

// The sink of advance(): counts every solution, takes representatives apart when the document
// asks, keeps those the page wants.
bool Session::keep(const Solution& solution, bool representative, bool keeping) {
  const SolutionTally before = tally_;
  const double apartBefore = static_cast<double>(apart_);
  const Verdict verdict = judge(solution, representative);
  ++tally_.solutions;
  if (representative) ++tally_.unique;
  if (!verdict.level.empty()) ++apart_;
  // Every solution counts against the call's budget like a node: one node can report many
  // (an arrangement expanded into face assignments, a solution's symmetric images), and a
  // big solution costs far more than a node to build and check. An assembly taken apart ends
  // the call: one can take long, and the worker answers its page between calls.
  const bool withinBudget = ++callSolutions_ < callBudget_ && !verdict.judged;
  if (!keeping || !wanted(collect_, representative, verdict) || before.solutions < skip_) return withinBudget;
  store(solution, representative, before, apartBefore, verdict);
  return withinBudget && !full();
}

bool Session::wanted(Collect mode, bool representative, const Verdict& verdict) const {
  switch (mode) {
    case Collect::All: return true;
    case Collect::Representatives: return representative;
    case Collect::ComeApart: return !verdict.level.empty();
    case Collect::None: return false;
  }
  return false;
}

void Session::store(const Solution& solution, bool representative, const SolutionTally& before, double apartBefore,
                    const Verdict& verdict) {
  encode(solution, data_);
  offsets_.push_back(static_cast<std::int32_t>(data_.size()));
  representative_.push_back(representative ? 1 : 0);
  ordinal_.push_back(static_cast<double>(before.solutions));
  uniqueOrdinal_.push_back(static_cast<double>(before.unique));
  apartCode_.push_back(!verdict.judged ? 0 : verdict.level.empty() ? 2 : 1);
  apartOrdinal_.push_back(apartBefore);
  level_.insert(level_.end(), verdict.level.begin(), verdict.level.end());
  levelOffsets_.push_back(static_cast<std::int32_t>(level_.size()));
}

bool Session::full() const {
  return (maxPending_ != 0 && representative_.size() >= maxPending_) ||
         (maxPendingBytes_ != 0 && pendingBytes() >= static_cast<double>(maxPendingBytes_));
}

}  // namespace pw::wasm
