import ReportKit

/// Every word the bank report prints, keyed by stable names (their text is in the `bank` section of the string tables); `{1}`, `{2}` mark values.
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
    case sweepChartTitle, sweepChartCaption, sweepChartDescription, sweepSimulatedSeries, sweepIntervalSeries, sweepErlangSeries, waitAxis
    case sweepAxisTellers, sweepAxisArrivalRate, sweepAxisCustomers, sweepAxisDuration, atTime
    case sweepErlangNote, sweepCSV, sweepJSON, sweepFirstHeading, sweepHeadlineValues, sweepHeadlineWait
    case csv, json

    static let section = "bank"
    static var builtIn: StringTables { BankReportKind.files.strings }
}
