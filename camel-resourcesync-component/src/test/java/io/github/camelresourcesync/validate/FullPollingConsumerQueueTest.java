package io.github.camelresourcesync.validate;

import java.util.List;

import io.github.camelresourcesync.ResourceSyncConstants;
import io.github.camelresourcesync.component.support.SyncEventPollingConsumer;
import io.github.camelresourcesync.testsupport.RecordingExceptionHandler;
import org.apache.camel.CamelContext;
import org.apache.camel.Exchange;
import org.apache.camel.Message;
import org.apache.camel.impl.DefaultCamelContext;
import org.apache.camel.support.EventDrivenPollingConsumer;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A validation read through Camel's polling consumer ({@code consumerTemplate.receive}, {@code pollEnrich}) whose queue
 * is full and set not to block ({@code pollingConsumerQueueSize=1&pollingConsumerBlockWhenFull=false}): the queue
 * refuses a finding or report it has no room for by throwing, and each refused exchange goes to the consumer's
 * exception handler rather than being lost without a word.
 */
class FullPollingConsumerQueueTest {

    @Test
    void everyExchangeTheFullQueueRefusedGoesToTheExceptionHandler() throws Exception {
        RecordingExceptionHandler failures = new RecordingExceptionHandler();
        try (ValidSource source = new ValidSource(); CamelContext context = new DefaultCamelContext()) {
            source.serve();
            context.getRegistry().bind("failures", failures);
            context.start();
            EventDrivenPollingConsumer queue = (EventDrivenPollingConsumer) context.getEndpoint("resourcesync:"
                    + source.base + "/?mode=validate&sample=0&initialDelay=3600000&delay=1000&maxRetries=0"
                    + "&exceptionHandler=#failures&pollingConsumerQueueSize=1&pollingConsumerBlockWhenFull=false")
                    .createPollingConsumer();
            queue.start();
            try {
                // the poll a receive would start (it starts the consumer), run here on the test's thread: nobody
                // takes from the queue meanwhile
                SyncEventPollingConsumer validation = (SyncEventPollingConsumer) queue.getDelegateConsumer();
                validation.start();
                validation.run();
                Exchange taken = queue.receiveNoWait();
                assertEquals("finding", taken.getIn().getHeader(ResourceSyncConstants.VALIDATE_RESULT));
                // the rest, each refused by the full queue, went to the exception handler: the findings and the report
                List<Exchange> refused = failures.failedEvents();
                assertFalse(refused.isEmpty(), "a queue of one cannot take a validation's findings and report");
                for (Exchange e : refused) {
                    Throwable why = e.getProperty(Exchange.EXCEPTION_CAUGHT, Throwable.class);
                    assertTrue(why instanceof IllegalStateException && "Queue full".equals(why.getMessage()),
                            String.valueOf(why));
                }
                Message report = refused.get(refused.size() - 1).getIn();
                assertEquals("report", report.getHeader(ResourceSyncConstants.VALIDATE_RESULT));
                assertEquals(report.getHeader(ResourceSyncConstants.VALIDATE_INFOS, Long.class),
                        (long) refused.size(), "the one finding taken and those refused: all of them");
                assertEquals(List.of(), failures.pollFailures());
            } finally {
                queue.stop();
            }
        }
    }
}
