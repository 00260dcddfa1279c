/*
 * test_source_map.c - the preprocessor's line markers map each line of the
 * preprocessed text back to the file and line the user wrote, and are
 * blanked so byte offsets stay put.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "source.h"

static int failures, checks;

static void expect_loc(const source *s, int row, const char *file, int line)
{
    source_loc l = source_locate(s, row, 4);
    checks++;
    if (strcmp(l.file, file) || l.line != line || l.col != 5) {
        printf("row %d: got %s:%d:%d, want %s:%d:5\n", row, l.file, l.line, l.col, file, line);
        failures++;
    }
}

int main(void)
{
    const char *pre = "# 1 \"k.cpp\"\n"
                      "# 1 \"<built-in>\"\n"
                      "# 1 \"k.cpp\"\n"
                      "# 1 \"inc/cm/cm.h\" 1\n"
                      "int a;\n"
                      "# 3 \"k.cpp\" 2\n"
                      "void f()\n"
                      "\n"
                      "#line 40 \"other.cpp\"\n"
                      "x;\n";
    size_t len = strlen(pre);
    char *text = malloc(len + 1);
    source s;
    if (text)
        memcpy(text, pre, len + 1);
    if (!text || source_init(&s, text, len)) {
        puts("out of memory");
        return 1;
    }
    expect_loc(&s, 4, "inc/cm/cm.h", 1);
    expect_loc(&s, 6, "k.cpp", 3);
    expect_loc(&s, 7, "k.cpp", 4);
    expect_loc(&s, 9, "other.cpp", 40);
    checks++;
    if (s.text[0] != ' ' || s.text[5] != ' ' || strncmp(s.text + 61, "int a;", 6) != 0) {
        printf("markers were not blanked in place: [%.80s]\n", s.text);
        failures++;
    }
    source_free(&s);
    printf("%d passed, %d failed\n", checks - failures, failures);
    return failures != 0;
}
