import ReportKit

/// Every English word the bank report prints, keyed by stable names; `{1}`, `{2}` mark values.
enum BankLabel: String, ReportLabelSet {
    case title, titleOneTeller, intro
    case customer, customers, seconds, teller, tellers
    case arrivalOpening, arrivalBatches, arrivalBatch, arrivalMoreBatches, arrivalPoisson, drawnFrom, serviceSentence
    case customersServed, businessTime, closingTime, meanWait, maxWait, meanWaitOfService, utilisationOfTeller, meanUtilisation, daysSimulated
    case timelineHeading, timelineCaption, timelineCaptionPartial
    case timelineDescription, timelineAll, timelineFirst, timelineTooltip, timeAxis, customersAxis
    case occupancyHeading, occupancyTitle, occupancyCaption, occupancyCaptionSliced
    case occupancyDescription, occupancyExact, occupancySliced, waitingSeries, inServiceSeries
    case tellersHeading, tellersCaption, tellerColumn, servedColumn, busyColumn, utilisationColumn
    case erlangHeading, erlangCaption, erlangNote, erlangNoteOneDay, erlangNoteDays
    case serviceColumn, rateColumn, serversColumn, loadColumn, waitProbabilityColumn, theoryColumn, simulatedColumn, differenceColumn
    case unstable
    case replicationsHeading, replicationsCaption, replicationsNote
    case measureColumn, meanColumn, intervalColumn, minColumn, maxColumn
    case customersMeasure, totalTimeMeasure, meanWaitMeasure, maxWaitMeasure, meanWaitOfServiceMeasure
    case customersHeading, customersCaption, customersCaptionPartial
    case numberColumn, arrivalColumn, startColumn, finishColumn, waitColumn
    case logSummary, logSummaryOneLine, logSummaryPartial
    case sweepTitle, sweepIntro, sweepDaysOne, sweepDaysMany, sweepHeading, sweepCaption, sweepClosingColumn, sweepErlangColumn
    case sweepChartTitle, sweepChartCaption, sweepChartDescription, sweepSimulatedSeries, sweepLowSeries, sweepHighSeries, sweepErlangSeries, waitAxis
    case sweepErlangNote, sweepCSV, sweepJSON, sweepFirstHeading, sweepHeadlineValues, sweepHeadlineWait
    case csv, json

    var english: String {
        switch self {
        case .title: "Bank day: {1} customers, {2} tellers"
        case .titleOneTeller: "Bank day: {1} customers, {2} teller"
        case .intro: "{1} Services — {2}. Seed {3}."
        case .customer: "{1} customer"
        case .customers: "{1} customers"
        case .seconds: "{1} s"
        case .teller: "{1} teller"
        case .tellers: "{1} tellers"
        case .arrivalOpening: "{1} arrive at opening{2}."
        case .arrivalBatches: "{1} arrive in batches: {2}; numbers continue from batch to batch."
        case .arrivalBatch: "{1} at {2} s"
        case .arrivalMoreBatches: "and {1} more batches"
        case .arrivalPoisson: "{1} arrive as a Poisson stream at {2} per second{3}."
        case .drawnFrom: " (a number drawn from {1}…{2})"
        case .serviceSentence: "{1} ({2}): {3}, weight {4}, {5}"
        case .customersServed: "Customers served"
        case .businessTime: "Business time (업무시간)"
        case .closingTime: "Closing time"
        case .meanWait: "Mean wait"
        case .maxWait: "Max wait"
        case .meanWaitOfService: "Mean wait, {1}"
        case .utilisationOfTeller: "Utilisation {1}"
        case .meanUtilisation: "Mean utilisation"
        case .daysSimulated: "Days simulated"
        case .timelineHeading: "Teller timeline"
        case .timelineCaption: "Each bar is one customer, labelled with its number, from the start to the end of its business; hover over it for its times, or select it to go to its row in the customer table."
        case .timelineCaptionPartial: "Only the first {1} s are drawn: the {2} customers who start by then, of {3}. The whole schedule is in the CSV download."
        case .timelineDescription: "One lane per teller ({1}), one bar per customer labelled with its number, from the start to the end of its business; {2}."
        case .timelineAll: "all {1} customers over {2} s"
        case .timelineFirst: "the first {1} s: {2} of {3} customers"
        case .timelineTooltip: "{1}번 고객 · {2} · arrived {3} s, started {4} s, finished {5} s, waited {6} s"
        case .timeAxis: "Time (s)"
        case .customersAxis: "Customers"
        case .occupancyHeading: "Waiting and in service"
        case .occupancyTitle: "Waiting (대기중) and in service (업무중)"
        case .occupancyCaption: "Customers waiting in line (대기중) and at a counter (업무중) over the day."
        case .occupancyCaptionSliced: "Customers waiting in line (대기중) and at a counter (업무중): the largest counts in each of {1} equal slices of the day."
        case .occupancyDescription: "Customers waiting in line and customers at a counter over {1} s; at most {2} waiting and {3} in service at once{4}"
        case .occupancyExact: "."
        case .occupancySliced: ", drawn as the largest counts in each of {1} equal slices of the day."
        case .waitingSeries: "대기중 (waiting)"
        case .inServiceSeries: "업무중 (in service)"
        case .tellersHeading: "Tellers"
        case .tellersCaption: "Work per teller"
        case .tellerColumn: "은행원"
        case .servedColumn: "Customers served"
        case .busyColumn: "Busy time (s)"
        case .utilisationColumn: "Utilisation"
        case .erlangHeading: "Erlang C (M/M/c)"
        case .erlangCaption: "Mean wait per service: queueing theory beside the simulation"
        case .erlangNote: "Erlang C gives the steady-state mean wait W_q of an M/M/c queue: Poisson arrivals at λ (the rate times the service's share of the weights), exponential service, c tellers. The simulated wait is the mean over {1}, which starts empty, so short days wait a little less."
        case .erlangNoteOneDay: "the day"
        case .erlangNoteDays: "{1} days"
        case .serviceColumn: "업무"
        case .rateColumn: "λ (per s)"
        case .serversColumn: "Tellers c"
        case .loadColumn: "ρ"
        case .waitProbabilityColumn: "P(wait)"
        case .theoryColumn: "Erlang C W_q (s)"
        case .simulatedColumn: "Simulated mean wait (s)"
        case .differenceColumn: "Difference"
        case .unstable: "unstable (ρ ≥ 1)"
        case .replicationsHeading: "Replications"
        case .replicationsCaption: "Mean and 95% confidence interval over the days"
        case .replicationsNote: "{1} days with seeds {2}…{3}; the 95% confidence interval uses Student's t with {4} degrees of freedom. Everything else on this page shows the first day."
        case .measureColumn: "Measure"
        case .meanColumn: "Mean"
        case .intervalColumn: "95% confidence interval"
        case .minColumn: "Min"
        case .maxColumn: "Max"
        case .customersMeasure: "Customers"
        case .totalTimeMeasure: "Total time (s)"
        case .meanWaitMeasure: "Mean wait (s)"
        case .maxWaitMeasure: "Max wait (s)"
        case .meanWaitOfServiceMeasure: "Mean wait, {1} (s)"
        case .customersHeading: "Customers"
        case .customersCaption: "All {1} customers; times in seconds"
        case .customersCaptionPartial: "Customers 1–{1} of {2}; every customer is in the CSV download"
        case .numberColumn: "번호"
        case .arrivalColumn: "도착"
        case .startColumn: "시작"
        case .finishColumn: "완료"
        case .waitColumn: "대기"
        case .logSummary: "Console log ({1} lines)"
        case .logSummaryOneLine: "Console log ({1} line)"
        case .logSummaryPartial: "Console log (first {1} of {2} lines, then the closing sentence)"
        case .sweepTitle: "Bank sweep: {1} over {2} values"
        case .sweepIntro: "The same day run once for each of {2} values of {1}, every value with seed {3}, so the same customers arrive at the same moments for the same business; {4}."
        case .sweepDaysOne: "one day per value"
        case .sweepDaysMany: "{1} days per value, so every figure is a mean over the days"
        case .sweepHeading: "Comparison"
        case .sweepCaption: "One row per value of {1}; times in seconds"
        case .sweepClosingColumn: "Closing time (s)"
        case .sweepErlangColumn: "Erlang C, {1} (s)"
        case .sweepChartTitle: "Mean wait by {1}"
        case .sweepChartCaption: "Mean wait over all customers for each value of {1}: the simulation (solid), its 95% confidence interval (dashed) and Erlang C's steady-state prediction where the day is M/M/c."
        case .sweepChartDescription: "Mean wait over all customers as {1} goes from {2} to {3}: {4} s at the first value, {5} s at the last."
        case .sweepSimulatedSeries: "Simulated mean wait"
        case .sweepLowSeries: "95% CI, low"
        case .sweepHighSeries: "95% CI, high"
        case .sweepErlangSeries: "Erlang C (M/M/c)"
        case .waitAxis: "Mean wait (s)"
        case .sweepErlangNote: "Erlang C: the M/M/c steady-state mean wait per service; ∞ where the line grows without bound (ρ ≥ 1). In the chart its services are weighted by their arrival rates."
        case .sweepCSV: "Sweep CSV"
        case .sweepJSON: "Sweep JSON"
        case .sweepFirstHeading: "The first value in full: {1} = {2}"
        case .sweepHeadlineValues: "{1} values"
        case .sweepHeadlineWait: "mean wait {1} → {2} s"
        case .csv: "CSV"
        case .json: "JSON"
        }
    }
}
