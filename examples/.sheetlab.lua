-- The SheetLab project of the checkout's examples (docs/project.md).
-- Any sheetlab command run in examples/ or below (or on a file here) reads
-- it: policy() may read anywhere in examples/, so a scenario in seeds/ can
-- load ../policies/queue.lua from whatever folder it is run.
return {
  -- What `sheetlab test` runs here with no PATH: every scenario below.
  test = { "." },
}
