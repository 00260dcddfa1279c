/*
 * team.c - a team of threads that stays up between runs, so that a
 * baseline run on N threads pays a wake-up, as the runtime's workers do,
 * and not a thread creation. The caller is member 0.
 */
#define _POSIX_C_SOURCE 200809L

#include <pthread.h>
#include <stdbool.h>
#include <stdlib.h>

#include "bench.h"

struct bench_team {
    int count;
    pthread_t *threads;    /* count - 1 helpers */
    pthread_barrier_t start, end;
    bench_team_job job;    /* set before `start`, read after it */
    void *ctx;
    bool stopping;
};

typedef struct member {
    bench_team *team;
    int index;
} member;

static void *helper_main(void *arg)
{
    member *m = arg;
    bench_team *t = m->team;
    for (;;) {
        pthread_barrier_wait(&t->start);
        if (t->stopping)
            break;
        t->job(t->ctx, m->index, t->count);
        pthread_barrier_wait(&t->end);
    }
    free(m);
    return NULL;
}

bench_team *bench_team_create(int count)
{
    bench_team *t = calloc(1, sizeof *t);
    bench_require(t != NULL, "out of memory");
    t->count = count;
    t->threads = calloc((size_t)count, sizeof *t->threads);
    bench_require(t->threads != NULL, "out of memory");
    pthread_barrier_init(&t->start, NULL, (unsigned)count);
    pthread_barrier_init(&t->end, NULL, (unsigned)count);
    for (int i = 1; i < count; i++) {
        member *m = malloc(sizeof *m);
        bench_require(m != NULL, "out of memory");
        *m = (member){t, i};
        bench_require(pthread_create(&t->threads[i - 1], NULL, helper_main, m) == 0,
                      "cannot start a thread");
    }
    return t;
}

void bench_team_run(bench_team *t, bench_team_job job, void *ctx)
{
    t->job = job;
    t->ctx = ctx;
    pthread_barrier_wait(&t->start);
    job(ctx, 0, t->count);
    pthread_barrier_wait(&t->end);
}

void bench_team_destroy(bench_team *t)
{
    t->stopping = true;
    pthread_barrier_wait(&t->start);
    for (int i = 1; i < t->count; i++)
        pthread_join(t->threads[i - 1], NULL);
    pthread_barrier_destroy(&t->start);
    pthread_barrier_destroy(&t->end);
    free(t->threads);
    free(t);
}
