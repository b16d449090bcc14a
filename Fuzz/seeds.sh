# Sourced by scripts/fuzz and scripts/sanitize (from the repository root).
# seed_corpus TARGET prints the folders of a libFuzzer target's seed inputs:
# the project's own policy files for policy-load (read where they live, not
# copied), small hook answers for hook-result.
seed_corpus() {
  case "$1" in
    policy-load) echo "examples/policies examples/behaviours/policies Tests/SheetScriptingTests/Fixtures" ;;
    *) echo "Fuzz/corpus/$1" ;;
  esac
}
