// Exact cover with multiplicities and colours, searched by dancing links.
//
// The problem: items and options; each option is a set of items. Primary item i must be
// used by at least lower(i) and at most upper(i) of the chosen options; a secondary item
// at most once, or by any number of options that all give it the same colour. Find every
// set of options (a set: order and copies do not matter) meeting those bounds.
//
// The data structure is Knuth's (TAOCP 7.2.2.1, Algorithms X, C and M) in flat arrays:
// node 0 is unused, nodes 1..N are item headers; after them come the options, each preceded
// by a spacer node, and one final spacer. A node's four int32 fields sit together (16 bytes)
// so that the dancing touches one cache line per node:
//   top        the item of node p; for a header, LEN (options still in its list);
//              for a spacer, -(number of the option after it): 0 for the first spacer,
//              -(option count) for the final one
//   ulink, dlink  the vertical circular list of an item's active options
//              (in spacers: ulink = first node of the previous option, 0 for the first
//              spacer; dlink = last node of the next option)
//   color      0 for no colour; > 0 a colour; -1 once purified (already known to be compatible)
// and apart from them, read only when a solution is reported:
//   option_[p] the option number a node belongs to, so a solution can be read off the path
// Item headers also have llink_/rlink_ for the horizontal lists of active items, whose
// roots are 0 (the primary items) and N+1 (the secondary ones), and the primary ones
// lower_/upper_/used_ for their multiplicities.
//
// The search is an explicit-stack state machine rather than recursion, so `run` can stop
// after any number of nodes and later continue exactly where it was.
#pragma once

#include <cstdint>
#include <functional>
#include <span>
#include <vector>

#include "engine/cover_engine.hpp"

namespace pw {

struct ItemBounds {
  int lower = 1;
  int upper = 1;
};

class ExactCoverBuilder;

class ExactCover final : public CoverEngine {
 public:
  // A node of the search tree is one option tried, or one "no more options of this item".
  Stop run(std::uint64_t nodeBudget, const Visitor& visit, Bulk* bulk = nullptr) override;

  std::uint64_t nodes() const override { return nodes_; }
  void restart(const Job& job) override;
  int optionCount() const { return optionCount_; }

  // Jobs: a level's branches are the options of its item in list order, then "no more".
  JobScope& scope() override { return scope_; }
  const JobScope& scope() const override { return scope_; }
  void tracePath(std::vector<Step>& out) const override;
  bool finished() const override { return finished_; }

 private:
  friend class ExactCoverBuilder;
  static constexpr int kNoMore = -1;  // Frame::node when the "no more options" branch is taken

  struct Frame {
    int item;         // the primary item branched on
    int node;         // the option node being tried, the header when exhausted, or kNoMore
    bool exactlyOnce; // lower == upper == 1: the plain Algorithm X branch
    int tweakBase;    // size of tweaked_ when the frame began
    int branch;       // 0-based number of the branch being tried (jobs and progress)
    int degree;       // number of branches at entry (at most)
  };

  // Dancing-links primitives (Knuth's names).
  void hide(int p);
  void unhide(int p);
  void cover(int i);
  void uncover(int i);
  void purify(int p);
  void unpurify(int p);
  void commit(int p, int j);
  void uncommit(int p, int j);
  void tweak(int x);
  void untweak(int x);
  void useOption(int x, int skipItem);
  void unuseOption(int x, int skipItem);

  // Undoing a frame, in backtracking's order: its branch's option (or its item's "no more"),
  // then what the frame itself did (its item covered, the options it took out of play).
  void undoBranch(const Frame& f);
  void popFrame();

  int degree(int item) const;
  int chooseItem(int& bestDegree) const;
  bool enterLevel();  // false: dead end or solution handled by the caller
  void collectSolution();

  int primaryCount_ = 0;
  int itemCount_ = 0;
  int optionCount_ = 0;
  std::vector<int> llink_, rlink_;   // item headers 0..itemCount_+1
  std::vector<int> lower_, upper_, used_;  // primary items 1..primaryCount_
  struct Node {
    int top = 0;
    int ulink = 0;
    int dlink = 0;
    int color = 0;
  };
  std::vector<Node> node_;
  std::vector<int> option_;

  JobScope scope_;
  std::vector<Frame> stack_;
  std::vector<int> tweaked_;
  std::vector<int> solution_;
  std::uint64_t nodes_ = 0;
  bool started_ = false;
  bool finished_ = false;
  bool backtracking_ = false;  // resume point: false = enter a new level, true = return to the top frame
};

// Collects items and options, then lays out the dancing-links arrays.
class ExactCoverBuilder {
 public:
  // Primary items must all be added before secondary ones. Returns the item's number (0-based).
  int addPrimary(ItemBounds bounds);
  int addSecondary();
  // An option: its items with colours (0 = none; colours only on secondary items).
  // Every option needs at least one item that it uses up (a primary with upper bound 1,
  // or an uncoloured secondary), so that a chosen option leaves every list; the packing
  // compiler always has a board cell there. Returns the option's number (0-based).
  int addOption(std::span<const int> items, std::span<const int> colors = {});
  std::int64_t nodeCount() const;
  ExactCover build() const;

 private:
  std::vector<ItemBounds> primary_;
  int secondaryCount_ = 0;
  std::vector<int> optionStart_{0};
  std::vector<int> optionItems_, optionColors_;
};

}  // namespace pw
