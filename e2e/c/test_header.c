/* wellness.h alone compiles as strict C99 (and, through test_header.cpp, as
   C++11), and declares every function with the signature written here: each
   is assigned to a pointer of its exact type, so a changed signature is a
   compile error and a missing export a link error. */
#include "wellness.h"
#include "wellness.h" /* the include guard holds */

#include <stdio.h>

#ifdef __cplusplus
#define LANGUAGE "C++"
#else
#define LANGUAGE "C99"
#endif

typedef wellness_status (*one_document)(const char *, size_t, wellness_buf *, wellness_buf *);
typedef wellness_status (*two_documents)(const char *, size_t, const char *, size_t, wellness_buf *, wellness_buf *);
typedef wellness_status (*columns_call)(const char *, size_t, const int64_t *, const double *, size_t, wellness_buf *,
                                        wellness_buf *);
typedef wellness_status (*groups_call)(const char *, size_t, const int64_t *, const int64_t *, const double *, size_t,
                                       struct ArrowSchema *, struct ArrowArray *, wellness_buf *, wellness_buf *);
typedef wellness_status (*client_call)(wellness_client *, const char *, size_t, wellness_buf *, wellness_buf *);
typedef wellness_status (*client_paged_call)(wellness_client *, const char *, size_t, wellness_progress_fn, void *,
                                             wellness_buf *, wellness_buf *);
typedef wellness_status (*client_new_call)(const char *, size_t, wellness_client **, wellness_buf *);
typedef wellness_status (*token_provider_call)(wellness_client *, wellness_token_provider_fn, void *, wellness_buf *);
typedef size_t (*token_provider)(void *, int, char *, size_t);
typedef int (*progress)(void *, size_t, size_t);
typedef wellness_status (*client_stream_call)(wellness_client *, const char *, size_t, wellness_stream_fn, void *,
                                              wellness_buf *, wellness_buf *);
typedef int (*stream_callback)(void *, const char *, const char *, size_t);

int main(void) {
    const one_document documents[] = {
        wellness_insight_normalize, wellness_insight_response_normalize, wellness_insights_list_response_normalize,
        wellness_pagination_normalize, wellness_insight_update_request_normalize, wellness_goal_suggestion_normalize,
        wellness_goal_suggestions_response_normalize, wellness_goal_tip_normalize, wellness_goal_tips_response_normalize,
        wellness_create_goal_request_normalize, wellness_goal_normalize, wellness_trends_response_normalize,
        wellness_consultation_normalize, wellness_create_consultation_request_normalize,
        wellness_consultation_message_normalize, wellness_insight_view, wellness_goal_suggestion_view,
        wellness_goal_tip_view, wellness_create_goal_request_from_suggestion, wellness_trend_view, wellness_trends_view,
    };
    const two_documents pairs[] = {wellness_series_aggregate, wellness_series_chart, wellness_longevity_trends};
    const columns_call columns = wellness_series_aggregate_columns;
    const groups_call groups = wellness_series_aggregate_groups;
    wellness_status (*const client_pairs[])(wellness_client *, const char *, size_t, const char *, size_t, wellness_buf *,
                                             wellness_buf *) = {wellness_client_series_aggregate, wellness_client_series_chart};
    const client_call client_calls[] = {
        wellness_client_list_insights, wellness_client_get_insight, wellness_client_update_insight,
        wellness_client_delete_insight, wellness_client_goal_suggestions, wellness_client_goal_tips,
        wellness_client_create_goal_from_suggestion, wellness_client_create_goal, wellness_client_get_goal,
        wellness_client_list_goals, wellness_client_trends, wellness_client_list_consultations,
        wellness_client_create_consultation, wellness_client_send_message, wellness_client_dashboard,
        wellness_client_interval_preference, wellness_client_set_interval_preference, wellness_client_suggested_actions,
        wellness_client_update_goal, wellness_client_accept_proposal,
        wellness_client_list_messages,
        wellness_client_sync, wellness_client_pending, wellness_client_cancel_pending, wellness_client_failed_writes,
        wellness_client_clear_failed,
        /* The user's account as a whole. */
        wellness_client_export_account, wellness_client_erase_account, wellness_client_erase_local_data,
        /* The user's workouts. */
        wellness_client_post_workouts, wellness_client_list_workouts, wellness_client_delete_workout,
        /* The user's daily metrics and profile. */
        wellness_client_post_daily_metrics, wellness_client_list_daily_metrics, wellness_client_delete_daily_metrics,
        wellness_client_get_profile, wellness_client_set_profile,
    };
    const client_paged_call list_all = wellness_client_list_all_insights;
    const client_stream_call send_stream = wellness_client_send_message_stream;
    const client_new_call client_new = wellness_client_new;
    const token_provider_call set_token_provider = wellness_client_set_token_provider;
    void (*const client_free)(wellness_client *) = wellness_client_free;
    const char *(*const strerror_fn)(wellness_status) = wellness_strerror;
    void (*const buf_free)(wellness_buf *) = wellness_buf_free;
    const char *(*const version)(void) = wellness_version;
    int (*const abi_version)(void) = wellness_abi_version;
    /* The callback types are the ones the header declares. */
    const token_provider provider = (wellness_token_provider_fn)0;
    const progress on_page = (wellness_progress_fn)0;
    const stream_callback on_event = (wellness_stream_fn)0;
    /* The importers. */
    wellness_status (*const import_file)(const char *, size_t, wellness_progress_fn, void *, wellness_buf *,
                                         wellness_buf *) = wellness_import_file;
    wellness_status (*const import_bytes)(const char *, size_t, const void *, size_t, wellness_progress_fn, void *,
                                          wellness_buf *, wellness_buf *) = wellness_import_bytes;
    wellness_buf buf = {0, 0};

    (void)documents;
    (void)client_pairs;
    (void)pairs;
    (void)columns;
    (void)groups;
    (void)client_calls;
    (void)list_all;
    (void)client_new;
    (void)set_token_provider;
    (void)provider;
    (void)on_page;
    (void)send_stream;
    (void)on_event;
    (void)import_file;
    (void)import_bytes;
    /* Calls through the pointers that are safe without a document or a client. */
    buf_free(&buf);
    client_free(0);
    if (abi_version() != WELLNESS_ABI_VERSION || version()[0] == '\0' ||
        strerror_fn(WELLNESS_E_VALIDATION)[0] != 'W') {
        printf("test_header (%s): 0 passed, 1 failed\n", LANGUAGE);
        return 1;
    }
    printf("test_header (%s): every declaration has its expected type; 1 passed, 0 failed\n", LANGUAGE);
    return 0;
}
