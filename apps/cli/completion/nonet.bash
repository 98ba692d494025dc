# bash completion for nonet(1): commands, their options and the options' values.
# Installed as share/bash-completion/completions/nonet; tests/help_docs_test.cpp
# keeps the lists in step with `nonet COMMAND --help`.

_nonet() {
  local cur prev words cword
  if declare -F _init_completion >/dev/null; then
    _init_completion || return
  else
    cur=${COMP_WORDS[COMP_CWORD]}
    prev=${COMP_WORDS[COMP_CWORD - 1]}
    words=("${COMP_WORDS[@]}")
    cword=$COMP_CWORD
  fi

  local commands="solve count validate candidates hint explain rate generate transform canon convert book serve solvers techniques options variants"
  local puzzle_options="-h --help --box -f --format -j --threads"

  local command="" i
  for ((i = 1; i < cword; i++)); do
    if [[ ${words[i]} != -* ]]; then
      command=${words[i]}
      break
    fi
  done
  if [[ -z $command ]]; then
    COMPREPLY=($(compgen -W "$commands -h --help -V --version" -- "$cur"))
    return
  fi

  # The value of the option before the cursor.
  case $prev in
    -f | --format)
      if [[ $command == techniques || $command == options ]]; then
        COMPREPLY=($(compgen -W "line json markdown" -- "$cur"))
      else
        COMPREPLY=($(compgen -W "line grid json" -- "$cur"))
      fi
      return
      ;;
    --box)
      COMPREPLY=($(compgen -W "2x2 2x3 3x2 2x4 3x3 3x4 4x4 4x5 5x5" -- "$cur"))
      return
      ;;
    -s | --solver)
      COMPREPLY=($(compgen -W "auto fast9 general basic" -- "$cur"))
      return
      ;;
    -t | --techniques | --profile)
      if [[ $command == techniques ]]; then
        COMPREPLY=($(compgen -W "all se modern" -- "$cur"))
      else
        COMPREPLY=($(compgen -W "se modern" -- "$cur"))
      fi
      return
      ;;
    -l | --level | --limit)
      if [[ $command == hint ]]; then
        COMPREPLY=($(compgen -W "vague concrete placement" -- "$cur"))
      elif [[ $command == generate || $command == book ]]; then
        COMPREPLY=($(compgen -W "easy medium hard expert extreme" -- "$cur"))
      fi
      return
      ;;
    --difficulty)
      COMPREPLY=($(compgen -W "easy medium hard expert extreme" -- "$cur"))
      return
      ;;
    --symmetry)
      COMPREPLY=($(compgen -W "none rot180 rot90 mirror flip diagonal antidiagonal" -- "$cur"))
      return
      ;;
    --variant)
      COMPREPLY=($(compgen -W "x windoku disjoint-groups jigsaw anti-knight anti-king non-consecutive killer kropki xv thermo" -- "$cur"))
      return
      ;;
    --to)
      COMPREPLY=($(compgen -W "fpuzzles url nonet sdk sdm ipuz opensudoku hodoku pm sudokuwiki" -- "$cur"))
      return
      ;;
    --ops)
      COMPREPLY=($(compgen -W "relabel: transpose antitranspose rot90 rot180 rot270 mirror flip
                               rows: bands: cols: stacks:" -- "$cur"))
      compopt -o nospace 2>/dev/null
      return
      ;;
    --paper)
      COMPREPLY=($(compgen -W "a4 a5 letter legal 5x8 5.5x8.5 6x9 7x10 8x10 8.5x11" -- "$cur"))
      return
      ;;
    --per-page)
      COMPREPLY=($(compgen -W "1 2 4 6" -- "$cur"))
      return
      ;;
    -o | --output)
      if declare -F _filedir >/dev/null; then _filedir '@(pdf|svg|png)'; else COMPREPLY=($(compgen -f -- "$cur")); fi
      return
      ;;
    --from)
      if declare -F _filedir >/dev/null; then _filedir; else COMPREPLY=($(compgen -f -- "$cur")); fi
      return
      ;;
    -j | --threads | --timeout | -n | --count | --size | --clues | --rating | --seed | \
      --candidates | --givens | --solution | --cell | --host | -p | --port | --budget | --max-body | --workers | --queue-wait | \
      --io-timeout | --allow-host | --queue | --idle-timeout | --max-connections | --cache-mb | \
      --drain | --margin | --bleed | --title | --explain | --steps | --dpi)
      return  # a value of the user's own
      ;;
  esac

  local options=""
  case $command in
    solve) options="$puzzle_options --timeout -s --solver" ;;
    count) options="$puzzle_options --timeout -s --solver -l --limit" ;;
    validate | candidates | canon) options="$puzzle_options" ;;
    solvers) options="-h --help" ;;
    techniques) options="-h --help -t --profile -f --format" ;;
    options | variants) options="-h --help -f --format" ;;
    explain) options="$puzzle_options --timeout -t --profile --candidates" ;;
    rate) options="$puzzle_options --timeout -t --profile" ;;
    hint) options="$puzzle_options --timeout -t --profile -l --level --candidates --givens --solution --cell" ;;
    transform) options="$puzzle_options --ops --random --seed" ;;
    convert) options="$puzzle_options --to" ;;
    serve)
      options="-h --help --host -p --port --allow-host --budget --max-body --workers --queue"
      options+=" --queue-wait --io-timeout --idle-timeout --max-connections --cache-mb --drain -q --quiet"
      ;;
    generate)
      options="-h --help -n --count --size --box --variant --symmetry --clues --level --rating -t --profile
               --rate --minimal --no-minimal --seed -j --threads -f --format --timeout --from"
      ;;
    book)
      options="-h --help -o --output -n --count --size --box --symmetry --clues --level --rating
               -t --profile --minimal --no-minimal --seed -j --threads --timeout --per-page --paper
               --margin --bleed --title --no-solutions --explain --steps --dpi"
      ;;
  esac
  if [[ $cur == -* ]]; then
    COMPREPLY=($(compgen -W "$options" -- "$cur"))
    return
  fi
  case $command in
    solvers | techniques | options | variants | serve | generate) ;;
    *)  # puzzle files
      if declare -F _filedir >/dev/null; then _filedir; else COMPREPLY=($(compgen -f -- "$cur")); fi
      ;;
  esac
}
complete -F _nonet nonet
