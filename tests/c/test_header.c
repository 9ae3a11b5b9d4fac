/* The header alone compiles as strict C99, and declares every function with
   the signature the library exports (a mismatch here is a compile error). */
#include "wellness.h"
#include "wellness.h" /* the include guard holds */

typedef wellness_status (*one_document)(const char *, size_t, wellness_buf *, wellness_buf *);
typedef wellness_status (*two_documents)(const char *, size_t, const char *, size_t, wellness_buf *, wellness_buf *);

int main(void) {
    one_document singles[] = {
        wellness_insight_normalize, wellness_insight_response_normalize, wellness_insights_list_response_normalize,
        wellness_pagination_normalize, wellness_insight_update_request_normalize, wellness_goal_suggestion_normalize,
        wellness_goal_suggestions_response_normalize, wellness_goal_tip_normalize, wellness_goal_tips_response_normalize,
        wellness_create_goal_request_normalize, wellness_goal_normalize, wellness_trends_response_normalize,
        wellness_consultation_normalize, wellness_create_consultation_request_normalize,
        wellness_consultation_message_normalize, wellness_insight_view, wellness_goal_suggestion_view,
        wellness_goal_tip_view, wellness_create_goal_request_from_suggestion, wellness_trend_view, wellness_trends_view,
    };
    two_documents pairs[] = {wellness_series_aggregate, wellness_series_chart, wellness_longevity_trends};
    wellness_status (*columns)(const char *, size_t, const int64_t *, const double *, size_t, wellness_buf *,
                               wellness_buf *) = wellness_series_aggregate_columns;
    const char *(*strerror_fn)(wellness_status) = wellness_strerror;
    void (*free_fn)(wellness_buf *) = wellness_buf_free;
    const char *(*version_fn)(void) = wellness_version;
    int (*abi_fn)(void) = wellness_abi_version;
    return (singles[0] && pairs[0] && columns && strerror_fn && free_fn && version_fn && abi_fn &&
            WELLNESS_VERSION_HEX == 0x010000) ? 0 : 1;
}
