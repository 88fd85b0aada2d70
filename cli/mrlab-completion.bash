# mrlab-completion.bash - bash completion of mrlab's commands, their
# options, and the property names --set takes (installed as
# share/bash-completion/completions/mrlab; in a build tree, source it).
#
# Nothing is listed twice: each command's options are read from the first
# lines of its --help (its synopsis), and the properties from the table of
# `mrlab run --help` (name, default, scope), both asked of the mrlab being
# completed, so that the completion follows the program it completes.  The
# names --set takes are those that table lists; Hadoop's other property
# names (workloads/hadoop-properties.txt) are refused by --set, so they are
# not offered.

# The options of `PROG COMMAND --help`: those of its synopsis (up to the
# first empty line) and those its option list starts a line with; then the
# common ones, each once.
_mrlab_options()
{
  {
    "$1" "$2" --help 2>/dev/null | awk '/^$/ { exit } { print }' | grep -oE -- '(^|[][ |])--?[a-zA-Z][a-z-]*=?'
    "$1" "$2" --help 2>/dev/null | grep -oE -- '^ +--?[a-zA-Z][a-z-]*=?'
    printf '%s\n' --help --version --verbose --quiet
  } | sed 's/^[][ |]*//' | awk '!seen[$0]++'
}

# The property names of `PROG run --help`'s table, each followed by '='.
_mrlab_properties()
{
  "$1" run --help 2>/dev/null |
    awk '/^  [a-zA-Z]/ && ($NF == "job" || $NF == "cluster") && $1 ~ /\./ { print $1 "=" }'
}

_mrlab()
{
  local cur=${COMP_WORDS[COMP_CWORD]} prev=${COMP_WORDS[COMP_CWORD - 1]} prog=${COMP_WORDS[0]}
  local commands="run compare platform predict provision validate ratios plot explain report import export calibrate version"
  COMPREPLY=()
  # --set=NAME, which bash splits at '=' into --set, =, NAME
  if [[ $prev == = && $COMP_CWORD -ge 2 ]]; then
    prev=${COMP_WORDS[COMP_CWORD - 2]}
  elif [[ $cur == = ]]; then
    cur=
  fi
  # the command: the first word after --verbose and --quiet, which may come before it
  local at=1
  while ((at < COMP_CWORD)) && [[ ${COMP_WORDS[at]} == --verbose || ${COMP_WORDS[at]} == --quiet ]]; do
    at=$((at + 1))
  done
  if ((COMP_CWORD == at)); then
    mapfile -t COMPREPLY < <(compgen -W "$commands --help --version --verbose --quiet" -- "$cur")
    return
  fi
  local command=${COMP_WORDS[at]}
  if [[ $cur == --set=* ]]; then # when '=' does not break words
    compopt -o nospace 2>/dev/null
    mapfile -t COMPREPLY < <(compgen -P --set= -W "$(_mrlab_properties "$prog")" -- "${cur#--set=}")
    return
  fi
  case $prev in
    --set)
      compopt -o nospace 2>/dev/null
      mapfile -t COMPREPLY < <(compgen -W "$(_mrlab_properties "$prog")" -- "$cur")
      return
      ;;
    --format)
      mapfile -t COMPREPLY < <(compgen -W "png svg" -- "$cur")
      return
      ;;
    --model)
      mapfile -t COMPREPLY < <(compgen -W "khan aria boe mrlab" -- "$cur")
      return
      ;;
    --seed | --seeds | -j | -n | --scale | --deadline | --input | --job | --vary | --workers | --partition | \
      --array-size | --cfg | --log)
      return # a value mrlab cannot guess
      ;;
  esac
  if [[ $cur == -* ]]; then
    mapfile -t COMPREPLY < <(compgen -W "$(_mrlab_options "$prog" "$command")" -- "$cur")
    [[ ${COMPREPLY[0]} == *= ]] && compopt -o nospace 2>/dev/null
    return
  fi
  if ((COMP_CWORD == at + 1)); then
    case $command in
      import)
        mapfile -t COMPREPLY < <(compgen -W "swim rumen jhist" -- "$cur")
        return
        ;;
      export)
        mapfile -t COMPREPLY < <(compgen -W "jhist" -- "$cur")
        return
        ;;
    esac
  fi
  compopt -o filenames 2>/dev/null
  mapfile -t COMPREPLY < <(compgen -f -- "$cur")
}

complete -F _mrlab mrlab
