# The publishing pipelines, included from the Makefile (which keeps the build and the
# tests, and defines $(B) and deps, used here): the targets that remake what data/ publishes
# (the statistics, the capture goals, the plots) and the benchmarks of docs/performance.md.
# Each runs a script of scripts/; they take minutes to hours (the plots, a second), and
# neither make check nor make test runs them.

.PHONY: baghchal-stats capture-goal sixteen-stats movement-stats plots bench adugo-stats

# Solves the whole game (standard rules), its reachable positions, and writes the
# statistics into data/; RULES=goat-pass for the other rule set, DTM=no to leave out the
# placement phase's DTM (an hour and a half of the 2 cores, 7.3 GB).
RULES = standard
DTM = yes
baghchal-stats: deps
	@$(MAKE) --no-print-directory $(B)/guti
	GUTI_DTM=$(DTM) sh scripts/publish-baghchal.sh ./$(B)/guti $(RULES)

# Issue 17's capture goals: the whole game again for each goal K (the tigers winning with
# K captures), under GOAL_RULES, and data/baghchal-capture-goal.md from them. Hours on 2
# cores: goal K costs about K/5 of the whole game; it resumes when run again.
GOALS = 1 2 3 4 5
GOAL_RULES = standard goat-pass
GOAL_DTM = auto
capture-goal: deps
	@$(MAKE) --no-print-directory $(B)/guti
	GUTI_DTM=$(GOAL_DTM) sh scripts/publish-capture-goal.sh ./$(B)/guti "$(GOAL_RULES)" "$(GOALS)"

# Solves Sixteen Soldiers' endgames up to PIECES pieces under both rules and writes their
# statistics into data/. About 6 minutes for 7 pieces.
PIECES = 7
sixteen-stats: deps
	@$(MAKE) --no-print-directory $(B)/guti
	sh scripts/publish-sixteen.sh ./$(B)/guti $(PIECES)

# Solves the movement phase under both rules and writes its statistics into data/.
movement-stats: deps
	@$(MAKE) --no-print-directory $(B)/guti
	sh scripts/publish-movement.sh ./$(B)/guti

# Draws the plots of data/plots/ (SVG, with gnuplot) from the published CSV files of data/
# alone, no tables needed; PLOTS_DIR=DIR draws them elsewhere.
PLOTS_DIR = data/plots
plots:
	@sh scripts/deps.sh gnuplot-nox
	sh scripts/plots.sh $(PLOTS_DIR)

# (/usr/bin/time, from Debian's package time, measures each row's peak memory)
bench:
	@sh scripts/deps.sh time
	@$(MAKE) --no-print-directory $(B)/guti
	sh scripts/bench.sh ./$(B)/guti

# Solves Adugo under both capture rule sets (WDL and DTM), verifies every position, and
# writes the statistics, the start's value and principal variation and the logs (time,
# peak memory) into data/adugo-*. DOGS=N (1 to 13) plays the -dN variant instead, into
# data/adugo-{optional,forced}-dN.*: DOGS=8 takes a few minutes; the whole game (14, the
# default) 13.5 billion positions a rule set, an hour or two each; ADUGO_MEMORY=GB solves
# under guti solve's memory bound.
DOGS = 14
ADUGO_MEMORY =
adugo-stats: deps
	@$(MAKE) --no-print-directory $(B)/guti
	@sh scripts/deps.sh time
	GUTI_MEMORY=$(ADUGO_MEMORY) sh scripts/publish-adugo.sh ./$(B)/guti \
	    $(if $(filter 14,$(DOGS)),optional forced,optional-d$(DOGS) forced-d$(DOGS))
