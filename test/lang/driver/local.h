// Included by kernel.cpp: a dependency the -M rule must list.
#define OFFSET 1
