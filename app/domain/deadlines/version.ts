// The counter's rules version (decisions/0103 "Stored deadlines follow the calendar"). Every stored
// deadline keeps the version it was counted with; a walk recounts those below this one. Raise it
// with any change that can move a last day: a holiday in holidays.ts, a court's map in courts.ts,
// a rule in compute.ts or the law's table in acts.ts.
export const COUNTER_VERSION = 1
