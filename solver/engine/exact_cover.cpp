#include "engine/exact_cover.hpp"

#include <algorithm>
#include <stdexcept>

namespace pw {

// ---- building ---------------------------------------------------------------

int ExactCoverBuilder::addPrimary(ItemBounds bounds) {
  if (secondaryCount_ > 0) throw std::logic_error("primary items must come before secondary items");
  if (bounds.lower < 0 || bounds.upper < 1 || bounds.lower > bounds.upper)
    throw std::logic_error("item bounds must satisfy 0 <= lower <= upper, upper >= 1");
  primary_.push_back(bounds);
  return static_cast<int>(primary_.size()) - 1;
}

int ExactCoverBuilder::addSecondary() {
  return static_cast<int>(primary_.size()) + secondaryCount_++;
}

int ExactCoverBuilder::addOption(std::span<const int> items, std::span<const int> colors) {
  if (items.empty()) throw std::logic_error("an option needs at least one item");
  if (!colors.empty() && colors.size() != items.size()) throw std::logic_error("one colour per item");
  const int itemCount = static_cast<int>(primary_.size()) + secondaryCount_;
  bool usesUp = false;
  for (std::size_t k = 0; k < items.size(); ++k) {
    const int item = items[k];
    const int color = colors.empty() ? 0 : colors[k];
    if (item < 0 || item >= itemCount) throw std::logic_error("option names an unknown item");
    const bool primary = item < static_cast<int>(primary_.size());
    if (primary && color != 0) throw std::logic_error("colours belong to secondary items only");
    if (color < 0) throw std::logic_error("colours are positive");
    if ((primary && primary_[item].upper == 1) || (!primary && color == 0)) usesUp = true;
    optionItems_.push_back(item);
    optionColors_.push_back(color);
  }
  if (!usesUp) throw std::logic_error("every option needs an item it uses up (upper bound 1 or uncoloured secondary)");
  optionStart_.push_back(static_cast<int>(optionItems_.size()));
  return static_cast<int>(optionStart_.size()) - 2;
}

std::int64_t ExactCoverBuilder::nodeCount() const {
  const auto items = static_cast<std::int64_t>(primary_.size()) + secondaryCount_;
  const auto options = static_cast<std::int64_t>(optionStart_.size()) - 1;
  return items + 1 + options + 1 + static_cast<std::int64_t>(optionItems_.size());
}

ExactCover ExactCoverBuilder::build() const {
  ExactCover ec;
  const int np = static_cast<int>(primary_.size());
  const int n = np + secondaryCount_;
  const int options = static_cast<int>(optionStart_.size()) - 1;
  ec.primaryCount_ = np;
  ec.itemCount_ = n;
  ec.optionCount_ = options;

  // Horizontal lists: primary items 1..np around root 0, secondary np+1..n around root n+1.
  ec.llink_.assign(n + 2, 0);
  ec.rlink_.assign(n + 2, 0);
  for (int i = 1; i <= np; ++i) {
    ec.llink_[i] = i - 1;
    ec.rlink_[i - 1] = i;
  }
  ec.llink_[0] = np;
  ec.rlink_[np] = 0;
  ec.llink_[n + 1] = n;
  ec.rlink_[n + 1] = np + 1;
  for (int i = np + 1; i <= n; ++i) {
    ec.llink_[i] = i == np + 1 ? n + 1 : i - 1;
    ec.rlink_[i] = i == n ? n + 1 : i + 1;
  }
  if (np == n) ec.rlink_[n + 1] = ec.llink_[n + 1] = n + 1;

  ec.lower_.assign(np + 1, 0);
  ec.upper_.assign(np + 1, 0);
  ec.used_.assign(np + 1, 0);
  for (int i = 1; i <= np; ++i) {
    ec.lower_[i] = primary_[i - 1].lower;
    ec.upper_[i] = primary_[i - 1].upper;
  }

  const auto total = static_cast<std::size_t>(nodeCount());
  ec.node_.assign(total, ExactCover::Node{});
  ec.option_.assign(total, -1);
  for (int i = 1; i <= n; ++i) ec.node_[i].ulink = ec.node_[i].dlink = i;

  int spacer = n + 1;
  int previousFirst = 0;
  for (int k = 0; k < options; ++k) {
    const int begin = optionStart_[k];
    const int length = optionStart_[k + 1] - begin;
    ec.node_[spacer].top = -k;
    ec.node_[spacer].ulink = previousFirst;
    ec.node_[spacer].dlink = spacer + length;
    for (int j = 0; j < length; ++j) {
      const int p = spacer + 1 + j;
      const int item = optionItems_[begin + j] + 1;
      ec.node_[p].top = item;
      ec.node_[p].color = optionColors_[begin + j];
      ec.option_[p] = k;
      // Append p at the bottom of its item's list.
      const int last = ec.node_[item].ulink;
      ec.node_[p].ulink = last;
      ec.node_[p].dlink = item;
      ec.node_[last].dlink = p;
      ec.node_[item].ulink = p;
      ++ec.node_[item].top;
    }
    previousFirst = spacer + 1;
    spacer += length + 1;
  }
  ec.node_[spacer].top = -options;
  ec.node_[spacer].ulink = previousFirst;
  return ec;
}

// ---- dancing links ------------------------------------------------------------

// Removes the other nodes of p's option from their items' lists.
void ExactCover::hide(int p) {
  for (int q = p + 1; q != p;) {
    const int x = node_[q].top;
    const int u = node_[q].ulink;
    if (x <= 0) {
      q = u;  // spacer after the option: wrap to its first node
      continue;
    }
    if (node_[q].color >= 0) {
      const int d = node_[q].dlink;
      node_[u].dlink = d;
      node_[d].ulink = u;
      --node_[x].top;
    }
    ++q;
  }
}

void ExactCover::unhide(int p) {
  for (int q = p - 1; q != p;) {
    const int x = node_[q].top;
    const int d = node_[q].dlink;
    if (x <= 0) {
      q = d;  // spacer before the option: wrap to its last node
      continue;
    }
    if (node_[q].color >= 0) {
      const int u = node_[q].ulink;
      node_[u].dlink = q;
      node_[d].ulink = q;
      ++node_[x].top;
    }
    --q;
  }
}

void ExactCover::cover(int i) {
  for (int p = node_[i].dlink; p != i; p = node_[p].dlink) hide(p);
  const int l = llink_[i];
  const int r = rlink_[i];
  rlink_[l] = r;
  llink_[r] = l;
}

void ExactCover::uncover(int i) {
  const int l = llink_[i];
  const int r = rlink_[i];
  rlink_[l] = i;
  llink_[r] = i;
  for (int p = node_[i].ulink; p != i; p = node_[p].ulink) unhide(p);
}

// Keeps the options that agree with p's colour on its item (marking them -1) and hides the rest.
void ExactCover::purify(int p) {
  const int c = node_[p].color;
  const int i = node_[p].top;
  for (int q = node_[i].dlink; q != i; q = node_[q].dlink) {
    if (node_[q].color == c) node_[q].color = -1;
    else hide(q);
  }
}

void ExactCover::unpurify(int p) {
  const int c = node_[p].color;
  const int i = node_[p].top;
  for (int q = node_[i].ulink; q != i; q = node_[q].ulink) {
    if (node_[q].color < 0) node_[q].color = c;
    else unhide(q);
  }
}

void ExactCover::commit(int p, int j) {
  if (node_[p].color == 0) cover(j);
  else if (node_[p].color > 0) purify(p);
}

void ExactCover::uncommit(int p, int j) {
  if (node_[p].color == 0) uncover(j);
  else if (node_[p].color > 0) unpurify(p);
}

// Takes option x out of play for the rest of the current branch point (Algorithm M's tweak):
// its item i's later branches must not choose it again.
void ExactCover::tweak(int x) {
  hide(x);
  const int u = node_[x].ulink;
  const int d = node_[x].dlink;
  node_[u].dlink = d;
  node_[d].ulink = u;
  --node_[node_[x].top].top;
}

void ExactCover::untweak(int x) {
  const int u = node_[x].ulink;
  const int d = node_[x].dlink;
  node_[u].dlink = x;
  node_[d].ulink = x;
  ++node_[node_[x].top].top;
  unhide(x);
}

// Commits every item of option x except `skipItem` (already covered by the branch).
// A primary item counts one more use and is covered when it reaches its upper bound.
void ExactCover::useOption(int x, int skipItem) {
  for (int p = x, first = 1; first || p != x; first = 0) {
    const int j = node_[p].top;
    if (j <= 0) {
      p = node_[p].ulink;
      continue;
    }
    if (j != skipItem) {
      if (j <= primaryCount_) {
        if (++used_[j] == upper_[j]) cover(j);
      } else {
        commit(p, j);
      }
    }
    ++p;
  }
}

void ExactCover::unuseOption(int x, int skipItem) {
  // Exactly the reverse order of useOption: x's successors from last to first, then x.
  int p = x - 1;
  for (;;) {
    const int j = node_[p].top;
    if (j <= 0) {
      p = node_[p].dlink;
      continue;
    }
    if (j != skipItem) {
      if (j <= primaryCount_) {
        if (used_[j]-- == upper_[j]) uncover(j);
      } else {
        uncommit(p, j);
      }
    }
    if (p == x) break;
    --p;
  }
}

// ---- search -----------------------------------------------------------------

// Number of branches at item i: one per option, plus "no more" when its lower bound is met.
int ExactCover::degree(int i) const {
  const int need = lower_[i] - used_[i];
  const int room = upper_[i] - used_[i];
  const int len = node_[i].top;
  if (need == 1 && room == 1) return len;
  if (len < need) return 0;
  return len + (need <= 0 ? 1 : 0);
}

int ExactCover::chooseItem(int& bestDegree) const {
  int best = 0;
  bestDegree = 0x7fffffff;
  for (int i = rlink_[0]; i != 0; i = rlink_[i]) {
    const int d = degree(i);
    if (d < bestDegree) {
      bestDegree = d;
      best = i;
      if (d == 0) break;
    }
  }
  return best;
}

void ExactCover::collectSolution() {
  solution_.clear();
  for (const Frame& f : stack_)
    if (f.node != kNoMore) solution_.push_back(option_[f.node]);
  std::sort(solution_.begin(), solution_.end());
}

ExactCover::Stop ExactCover::run(std::uint64_t nodeBudget, const Visitor& visit, Bulk* /*bulk: no memo*/) {
  if (finished_) return Stop::Finished;
  const std::uint64_t limit = nodes_ + nodeBudget;
  enum { kEnter, kTry, kBacktrack };
  int state = started_ ? (backtracking_ ? kBacktrack : kEnter) : kEnter;
  started_ = true;

  for (;;) {
    if (state == kEnter) {
      if (nodes_ >= limit) {
        backtracking_ = false;
        return Stop::BudgetUsed;
      }
      if (rlink_[0] == 0) {
        collectSolution();
        state = kBacktrack;
        if (!visit(solution_)) {
          backtracking_ = true;
          return Stop::Paused;
        }
        continue;
      }
      int d = 0;
      const int i = chooseItem(d);
      if (d == 0 || scope_.cut(static_cast<int>(stack_.size()))) {
        state = kBacktrack;
        continue;
      }
      const bool exactlyOnce = lower_[i] - used_[i] == 1 && upper_[i] - used_[i] == 1;
      stack_.push_back({i, node_[i].dlink, exactlyOnce, static_cast<int>(tweaked_.size()), 0, d});
      if (exactlyOnce) cover(i);
      state = kTry;
    } else if (state == kTry) {
      // Branch f.branch of the top frame, unless the job ends before it; branches before
      // the job's first are skipped, leaving the state as if searched and undone.
      Frame& f = stack_.back();
      const int i = f.item;
      const int depth = static_cast<int>(stack_.size()) - 1;
      const bool beyond = scope_.past(depth, f.branch);
      const bool skip = f.branch < scope_.first(depth);
      if (f.exactlyOnce) {
        if (f.node == i || beyond) {
          popFrame();
          state = kBacktrack;
          continue;
        }
        if (skip) {
          f.node = node_[f.node].dlink;
          ++f.branch;
          continue;
        }
        useOption(f.node, i);
      } else {
        const bool option = f.node != i && node_[i].top >= lower_[i] - used_[i];
        const bool noMore = !option && lower_[i] <= used_[i];
        if (beyond || (!option && (!noMore || skip))) {
          popFrame();
          state = kBacktrack;
          continue;
        }
        if (skip) {
          const int next = node_[f.node].dlink;
          tweak(f.node);
          tweaked_.push_back(f.node);
          f.node = next;
          ++f.branch;
          continue;
        }
        if (option) {
          useOption(f.node, 0);
        } else {
          f.node = kNoMore;
          cover(i);
        }
      }
      ++nodes_;
      state = kEnter;
    } else {  // kBacktrack: the child of the top frame is exhausted
      if (stack_.empty()) {
        finished_ = true;
        return Stop::Finished;
      }
      Frame& f = stack_.back();
      ++f.branch;
      undoBranch(f);
      if (f.node == kNoMore) {
        popFrame();
        continue;
      }
      if (f.exactlyOnce) {
        f.node = node_[f.node].dlink;
      } else {
        const int next = node_[f.node].dlink;
        tweak(f.node);
        tweaked_.push_back(f.node);
        f.node = next;
      }
      state = kTry;
    }
  }
}

void ExactCover::undoBranch(const Frame& f) {
  if (f.node == kNoMore) uncover(f.item);
  else unuseOption(f.node, f.exactlyOnce ? f.item : 0);
}

void ExactCover::popFrame() {
  const Frame& f = stack_.back();
  if (f.exactlyOnce) uncover(f.item);
  while (static_cast<int>(tweaked_.size()) > f.tweakBase) {
    untweak(tweaked_.back());
    tweaked_.pop_back();
  }
  stack_.pop_back();
}

// Whenever run() has returned, or a cut's callback has thrown out of it, every frame's branch
// is in force: the links are danced back frame by frame, deepest first.
void ExactCover::restart(const Job& job) {
  while (!stack_.empty()) {
    undoBranch(stack_.back());
    popFrame();
  }
  started_ = backtracking_ = finished_ = false;
  scope_.reset(job);
}

void ExactCover::tracePath(std::vector<Step>& out) const {
  out.clear();
  for (const Frame& f : stack_)
    out.push_back({f.branch, std::max(f.degree, f.branch + 1), f.node == kNoMore ? -1 : option_[f.node]});
}

}  // namespace pw
