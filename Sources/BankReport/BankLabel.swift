import ReportKit

/// Every word the bank report prints, keyed by stable names (their text is in the `bank` section of the string tables); `{1}`, `{2}` mark values.
enum BankLabel: String, ReportLabelSet {
    case title, titleOneTeller, intro, customer, customers, seconds, teller, tellers, arrivalOpening, arrivalBatches
    case arrivalBatch, arrivalMoreBatches, arrivalPoisson, drawnFrom, serviceSentence, customersServed, businessTime
    case closingTime, meanWait, maxWait, meanWaitOfService, utilisationOfTeller, meanUtilisation, timelineHeading
    case timelineCaption, timelineScrollHint, timelineScrollHintPartial, timelineCaptionPartial, timelineDescription, timelineAll, timelineFirst, timelineTooltip
    case timeAxis, customersAxis, occupancyHeading, occupancyTitle, occupancyCaption, occupancyCaptionSliced
    case occupancyDescription, occupancyExact, occupancySliced, waitingSeries, inServiceSeries, tellersHeading
    case tellersCaption, tellerColumn, servedColumn, busyColumn, utilisationColumn, erlangHeading, serviceColumn
    case rateColumn, serversColumn, loadColumn, waitProbabilityColumn, replicationsHeading, replicationsCaption
    case measureColumn, meanColumn, intervalColumn, minColumn, maxColumn, customersMeasure, totalTimeMeasure
    case meanWaitMeasure, maxWaitMeasure, meanWaitOfServiceMeasure, customersHeading, customersCaption
    case customersCaptionPartial, numberColumn, arrivalColumn, startColumn, finishColumn, waitColumn, logSummary
    case logSummaryOneLine, logSummaryPartial, sweepTitle, sweepIntro, sweepDaysOne, sweepDaysMany, sweepHeading
    case sweepChartTitle, sweepChartCaption, sweepChartDescription, sweepSimulatedSeries, sweepIntervalSeries
    case sweepErlangSeries, atTime, waitAxis, sweepErlangNote, sweepCSV, sweepJSON, sweepFirstHeading
    case sweepHeadlineValues, sweepHeadlineWait, figuresOneDay, figuresMeans, withInterval, serviceLevelFigure
    case percentileFigure, waitsHeading, waitsCaptionOneDay, waitsCaptionDays, everyoneColumn, customersRow
    case meanWaitRow, serviceLevelRow, percentileRow, maxWaitRow, utilisationRow, erlangRow, thresholdDefault
    case thresholdTarget, percentileNote, warmupCustomers, warmupSeconds, erlangTableCaption, steadyStateRow
    case steadyApplies, steadyFails, steadyNote, steadyNoteFar, steadyNoteUnstable, steadyRule, methodNote
    case precisionNote, precisionNoteCapped, skewWarning, businessTimeMeasure, answerFewest, answerFewestOne
    case answerHighest, answerNext, answerNextPaired, noneMeets, closestHeadline, answerAllMeetFewest
    case answerAllMeetHighest, answerNone, answerUnsure, changeMost, changeMostOneDay, answerTile, changeTile
    case changeTileValue, targetServiceLevel, targetMeanWait, scopeService, scopeAll, meanWaitOf, serviceLevelOf
    case valueTellers, valueTeller, valueRate, valueRateOne, valueCustomers, valueDuration, shortBy, overBy, settingTellers
    case settingRate, settingCustomers, settingDuration, sweepDecisionCaption, sweepMeansOf, sweepDaysPerValue
    case sameForEvery, meetsMark, missesMark, meetsSpoken, missesSpoken, sweepDetailsSummary, sweepGroupCaption
    case sweepDayCaption, sweepDifferenceHeading, sweepDifferenceCaption, fromToColumn, changeColumn, steadyMark
    case steadyMarkSpoken, sweepSteadyNote, sweepHeadlineAnswer, points, rangeTo, ofService, sweepDaysVarying
    case sentenceInterval, answerTileFewest, answerTileHighest, nameTellers, nameRate, nameCustomers, nameDuration
    case headlineServiceLevel, headlineMeanWait, csv, json
    case durationFixed, durationExponential, durationUniform, closing, interval
    case cardTrend, cardSweepWait, cardSweepValues, cardSweepTrend, peopleCount
    case clockAxis, atClock, timelineTooltipClock, timelineGaveUpLane, timelineGaveUpTooltip, timelineGaveUpTooltipClock, timelineGaveUpDescription, timelineCaptionGaveUp, arrivalsHeading, arrivalsTitle, arrivalsDescription, arrivalsCaption, perHourAxis, rateSeries, arrivedSeries, arrivalProfile, arrivalPeriod, arrivalOnTop, arrivalSteady, hoursSentence
    case abandonedRow, abandonedFigure, erlangARow, erlangANote, erlangAVaries, gaveUp, patienceSentence
    case minutes, hours, durationFixedUnit, durationExponentialUnit, durationUniformUnit, arrivalBatchClock
    case moneyWon, money, cellPair, answerCheapest, answerCheapestTarget, answerCheapestNone, costSaves, costSavesOneDay
    case costOnly, costParts, gaveUpSentence, nobodyGivesUp, tileCheapest, tileCost, tileGaveUp, gridTitle, gridIntro
    case gridDaysOne, gridDaysMany, gridDaysVarying, gridBestFewest, gridBestNone, gridBestWait, tileBest, gridCorner
    case gridTableCaption, bestMark, bestSpoken, costFigure, costColumn, tellerCostColumn, waitingCostColumn
    case abandonCostColumn, gaveUpColumn, gridDetailsSummary, gridDetailsCaption, gridCSV, gridJSON, gridFirstHeading
    case costNote, costNoteAbandon, costNoteNoAbandon, costTellersNote, perDay
    case heatTitle, heatDescription, heatDescriptionMisses, heatCaption, heatCaptionMisses, heatBest, heatMisses, heatScrollHint
    case edgeMoreCost, edgeFewerCost, edgeFewerTarget, edgeMoreTarget, edgeMoreWait
    case edgeOfGrid, edgeOfSweep, edgeCell, edgeValue, edgeGridTries, edgeSweepTries
    case unitSeconds, unitMinutes, timesSeconds, timesMinutes, timesClock, hoursMinutes, timeAxisMinutes, cardSweepWaitMinutes
    case sweepHeadlineWaitMinutes, currencyWon, rateSecond, rateMinute, rateHour, unitHours

    static let section = "bank"
    static var builtIn: StringTables { BankReportKind.files.strings }
}
