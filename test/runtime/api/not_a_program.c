/* not_a_program.c - a shared object without a program descriptor: loading
 * it must be CM_INVALID_COMMON_ISA. */
int api_not_a_program(int x);
int api_not_a_program(int x)
{
    return x + 1;
}
