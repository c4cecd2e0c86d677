package io.github.camelresourcesync.component.support;

import org.apache.camel.pollconsumer.quartz.QuartzScheduledPollConsumerScheduler;
import org.apache.camel.spi.ScheduledPollConsumerScheduler;
import org.quartz.ObjectAlreadyExistsException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * camel-quartz's scheduler of polls ({@code scheduler=quartz}), safe when several nodes start the same route on one
 * clustered JobStore at once. camel-quartz reads the trigger ({@code scheduler.triggerId}) and, finding none, stores a
 * new one; a node that stored it between the read and the write makes the store fail with
 * {@link ObjectAlreadyExistsException} and the route (the node) fail to start. Here that race is lost gracefully:
 * the start is tried again, finds the other node's trigger and joins it, as a node started later does.
 * <p>
 * Loaded only when the endpoint asked for {@code scheduler=quartz} (camel-quartz is an optional dependency).
 */
final class ClusteredQuartzPollScheduler extends QuartzScheduledPollConsumerScheduler {

    private static final Logger LOG = LoggerFactory.getLogger(ClusteredQuartzPollScheduler.class);
    private static final int ATTEMPTS = 3;

    /** A copy of camel-quartz's scheduler with everything the endpoint configured on it. */
    static ScheduledPollConsumerScheduler of(ScheduledPollConsumerScheduler scheduler) {
        QuartzScheduledPollConsumerScheduler q = (QuartzScheduledPollConsumerScheduler) scheduler;
        ClusteredQuartzPollScheduler copy = new ClusteredQuartzPollScheduler();
        copy.setCamelContext(q.getCamelContext());
        copy.setQuartzScheduler(q.getQuartzScheduler());
        copy.setCron(q.getCron());
        copy.setTimeZone(q.getTimeZone());
        copy.setTriggerId(q.getTriggerId());
        copy.setTriggerGroup(q.getTriggerGroup());
        copy.setTriggerParameters(q.getTriggerParameters());
        copy.setJobParameters(q.getJobParameters());
        copy.setDeleteJob(q.isDeleteJob());
        return copy;
    }

    @Override
    protected void doStart() throws Exception {
        for (int attempt = 1;; attempt++) {
            try {
                super.doStart();
                return;
            } catch (ObjectAlreadyExistsException e) {
                if (getTriggerId() == null || attempt == ATTEMPTS) {
                    throw e;
                }
                LOG.debug("Trigger {} was stored by another node while this one stored it too; joining it",
                        getTriggerId());
            }
        }
    }
}
